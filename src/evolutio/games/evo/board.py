"""The board data of Evo: hex maps, climate ring, meteor track, gene bag, setup numbers.

The built-in data is ``data/board.json`` (a copy of the rules pack's file; maps, meteor track and lowest bid are
*reconstructed*). A user's own file given with ``-o board_file=PATH`` replaces it; it is validated here and every error
names the JSON path (``maps.layouts.3p.hexes[4].terrain: unknown terrain 'swamp'``).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from evolutio.kernel.action import Action
from evolutio.kernel.errors import OptionError
from evolutio.kernel.jsonfile import read_json

BUILTIN_BOARD = Path(__file__).parent / "data" / "board.json"

TERRAINS = ("desert", "plains", "hills", "mountains")  # hottest to coldest
GENES = ("tail", "leg", "horn", "parasol", "fur", "egg", "mutant", "card")
TAIL, LEG, HORN, PARASOL, FUR, EGG, MUTANT, CARD_GENE = range(len(GENES))
NEIGHBOUR_OFFSETS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
MAX_HEXES = 128  # the action encoding's hex range
LAYOUT_FOR_PLAYERS = {3: ("3p",), 4: ("4p_a", "4p_b"), 5: ("5p",)}


class BoardError(OptionError):
    """A board file that cannot be used; the message names the JSON path."""


class Board:
    """Everything the engine reads from a board file, for one layout, as plain tuples."""

    __slots__ = (
        "cards_dealt",
        "coords",
        "die_move",
        "dinos_per_player",
        "edge",
        "gene_counts",
        "index_of",
        "layout",
        "meteor_faces",
        "meteor_final",
        "meteor_start",
        "min_bid",
        "moves",
        "neighbours",
        "reconstructed",
        "ring",
        "source",
        "start_score",
        "starts",
        "terrain",
        "twin",
        "variant_meteor_start",
    )

    def __init__(self) -> None:
        self.layout = ""
        self.coords: tuple[tuple[int, int], ...] = ()
        self.terrain: tuple[int, ...] = ()
        self.neighbours: tuple[tuple[int, ...], ...] = ()
        #: per hex, (neighbour, the action moving there) pairs: movement's candidates without building actions
        self.moves: tuple[tuple[tuple[int, Action], ...], ...] = ()
        self.edge: tuple[bool, ...] = ()
        self.starts: tuple[int, ...] = ()
        self.index_of: dict[tuple[int, int], int] = {}
        self.ring: tuple[int, ...] = ()
        self.die_move: tuple[int, ...] = ()
        self.twin: dict[int, int] = {}
        self.meteor_faces: tuple[tuple[int, ...], ...] = ()
        self.meteor_final: tuple[bool, ...] = ()
        self.meteor_start: dict[int, int] = {}
        self.variant_meteor_start: dict[int, int] = {}
        self.gene_counts: tuple[int, ...] = ()
        self.min_bid = 0
        self.dinos_per_player = 10
        self.start_score = 10
        self.cards_dealt = 3
        self.reconstructed: tuple[str, ...] = ()
        self.source = ""

    @property
    def num_hexes(self) -> int:
        return len(self.coords)

    def distances_from(self, sources: list[int], limit: int) -> dict[int, int]:
        """Shortest land-path distance (occupied hexes included) from any source, up to ``limit``."""
        found = dict.fromkeys(sources, 0)
        frontier = list(sources)
        for distance in range(1, limit + 1):
            nxt = []
            for hex_index in frontier:
                for other in self.neighbours[hex_index]:
                    if other not in found:
                        found[other] = distance
                        nxt.append(other)
            frontier = nxt
        return found


def _need(data: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    path = f"{where}.{key}" if where else key
    if not isinstance(data, dict) or key not in data:
        raise BoardError(f"{path}: missing")
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise BoardError(f"{path}: expected {names}, got {type(value).__name__}")
    return value


def _int(value: Any, path: str, low: int | None = None, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise BoardError(f"{path}: expected an integer, got {value!r}")
    if low is not None and value < low or high is not None and value > high:
        raise BoardError(f"{path}: must be between {low} and {high}, got {value}")
    return value


def _terrain(value: Any, path: str) -> int:
    if value not in TERRAINS:
        raise BoardError(f"{path}: unknown terrain {value!r} (known: {', '.join(TERRAINS)})")
    return TERRAINS.index(value)


def build_board(data: Any, layout: str, players: int, source: str) -> Board:
    """Validate ``data`` (a parsed board file) and build the board of ``layout`` for ``players``."""
    if not isinstance(data, dict):
        raise BoardError(f"{source}: a board file is a JSON object")
    board = Board()
    board.layout = layout
    board.source = source
    layouts = _need(_need(data, "maps", dict, ""), "layouts", dict, "maps")
    where = f"maps.layouts.{layout}"
    if layout not in layouts:
        raise BoardError(f"{where}: missing (the layout for {players} players)")
    hexes = _need(layouts[layout], "hexes", list, where)
    coords: list[tuple[int, int]] = []
    terrain: list[int] = []
    starts: list[int] = []
    for index, entry in enumerate(hexes):
        path = f"{where}.hexes[{index}]"
        q = _int(_need(entry, "q", int, path), f"{path}.q")
        r = _int(_need(entry, "r", int, path), f"{path}.r")
        if (q, r) in board.index_of:
            raise BoardError(f"{path}: hex ({q}, {r}) is listed twice")
        board.index_of[(q, r)] = index
        coords.append((q, r))
        terrain.append(_terrain(_need(entry, "terrain", str, path), f"{path}.terrain"))
        if _need(entry, "start", bool, path):
            starts.append(index)
    if len(coords) > MAX_HEXES:
        raise BoardError(f"{where}.hexes: {len(coords)} hexes, at most {MAX_HEXES} are supported")
    if len(coords) < players:
        raise BoardError(f"{where}.hexes: {len(coords)} hexes cannot hold {players} players")
    if len(starts) < players:
        raise BoardError(f"{where}.hexes: {len(starts)} start hexes (\"start\": true) for {players} players")
    board.coords = tuple(coords)
    board.terrain = tuple(terrain)
    board.starts = tuple(starts)
    neighbours = []
    for q, r in coords:
        neighbours.append(tuple(board.index_of[(q + dq, r + dr)] for dq, dr in NEIGHBOUR_OFFSETS
                                if (q + dq, r + dr) in board.index_of))
    board.neighbours = tuple(neighbours)
    board.moves = tuple(tuple((other, Action("move", index, other)) for other in around)
                        for index, around in enumerate(neighbours))
    board.edge = tuple(len(n) < len(NEIGHBOUR_OFFSETS) for n in neighbours)
    if board.distances_from([0], len(coords)).keys() != set(range(len(coords))):
        raise BoardError(f"{where}.hexes: the island is not connected")

    ring = _need(data, "climate_ring", dict, "")
    spaces = _need(ring, "spaces", list, "climate_ring")
    if not spaces:
        raise BoardError("climate_ring.spaces: empty")
    board.ring = tuple(_terrain(_need(s, "terrain", str, f"climate_ring.spaces[{i}]"),
                                f"climate_ring.spaces[{i}].terrain") for i, s in enumerate(spaces))
    die_move = _need(ring, "die_move", dict, "climate_ring")
    board.die_move = tuple(_int(_need(die_move, str(face), int, "climate_ring.die_move"),
                                f"climate_ring.die_move.{face}", -len(spaces), len(spaces)) for face in range(1, 7))
    twins = _need(ring, "same_colour_twin", dict, "climate_ring")
    for key, value in twins.items():
        path = f"climate_ring.same_colour_twin.{key}"
        if not key.isdigit() or int(key) >= len(spaces):
            raise BoardError(f"{path}: not a climate ring space")
        board.twin[int(key)] = _int(value, path, 0, len(spaces) - 1)

    track = _need(data, "meteor_track", dict, "")
    meteor_spaces = _need(track, "spaces", list, "meteor_track")
    faces = []
    finals = []
    for index, space in enumerate(meteor_spaces):
        path = f"meteor_track.spaces[{index}]"
        faces.append(tuple(_int(f, f"{path}.die_faces", 1, 6) for f in _need(space, "die_faces", list, path)))
        finals.append(_need(space, "final", bool, path))
    if not finals or not finals[-1]:
        raise BoardError("meteor_track.spaces: the last space must be \"final\": true")
    board.meteor_faces = tuple(faces)
    board.meteor_final = tuple(finals)
    for key, target in (("start_space", board.meteor_start), ("variant_start_space", board.variant_meteor_start)):
        table = _need(track, key, dict, "meteor_track")
        value = _need(table, str(players), int, f"meteor_track.{key}")
        target[players] = _int(value, f"meteor_track.{key}.{players}", 0, len(meteor_spaces) - 2)

    types = _need(_need(data, "genes", dict, ""), "types", list, "genes")
    counts = {}
    for index, entry in enumerate(types):
        path = f"genes.types[{index}]"
        gene = _need(entry, "id", str, path)
        if gene not in GENES:
            raise BoardError(f"{path}.id: unknown gene {gene!r} (known: {', '.join(GENES)})")
        counts[gene] = _int(_need(entry, "count", int, path), f"{path}.count", 0, 1000)
    board.gene_counts = tuple(counts.get(gene, 0) for gene in GENES)

    auction = _need(data, "auction", dict, "")
    board.min_bid = _int(_need(_need(auction, "min_bid", dict, "auction"), "value", int, "auction.min_bid"),
                         "auction.min_bid.value", 0, 50)
    common = _need(_need(data, "setup_per_player_count", dict, ""), "common", dict, "setup_per_player_count")
    board.dinos_per_player = _int(_need(common, "dinos_per_player", int, "setup_per_player_count.common"),
                                  "setup_per_player_count.common.dinos_per_player", 1, 50)
    board.start_score = _int(_need(common, "start_score", int, "setup_per_player_count.common"),
                             "setup_per_player_count.common.start_score", 0, 1000)
    board.cards_dealt = _int(_need(common, "action_cards_dealt", int, "setup_per_player_count.common"),
                             "setup_per_player_count.common.action_cards_dealt", 0, 5)
    reconstructed = []
    if layouts[layout].get("reconstructed") or layouts[layout].get("status") == "reconstructed":
        reconstructed.append("map")
    if track.get("reconstructed") or track.get("status") == "reconstructed":
        reconstructed.append("meteor track")
    if auction["min_bid"].get("reconstructed") or auction["min_bid"].get("status") == "reconstructed":
        reconstructed.append("lowest bid")
    board.reconstructed = tuple(reconstructed)
    return board


@lru_cache(maxsize=32)
def load_board(path: str, layout: str, players: int) -> Board:
    """The board of ``layout`` from ``path`` (empty: the built-in file). Cached: a board is read-only."""
    file = Path(path) if path else BUILTIN_BOARD
    where = f"board file {file}" if path else "built-in board file"
    data = read_json(file, BoardError, where)
    try:
        return build_board(data, layout, players, str(file) if path else "built-in")
    except BoardError as exc:
        raise BoardError(f"{where}: {exc}") from None
