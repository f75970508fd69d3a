"""The ``newworld`` ruleset: options, setup, the contract methods of a position, JSON states."""

from __future__ import annotations

from typing import Any, ClassVar, cast

from evolutio.kernel import (
    ActionSchema,
    Game,
    Option,
    OptionError,
    Rng,
    players_option,
    rank_winners,
    register,
)
from evolutio.kernel.flow import steps_from_json, steps_to_json

from . import flow, rules
from .data import TRAIT_IDS, RulesData, load_rules_data
from .scenario import build_scenario
from .state import FLAT_LISTS, SCALARS, NewWorldState
from .steps import STEP_TYPES
from .view import build_view, describe

RULES_VERSION = "newworld-2"
AREA_DECK_SIZE_DEFAULT = 6


def _snapshot(value: Any) -> Any:
    """A copy of a position field for JSON (lists of ints, or lists of such lists), detached from the live state."""
    if isinstance(value, list):
        return [list(item) if isinstance(item, list) else item for item in value]
    return value


class NewWorldPosition(NewWorldState):
    """A New World game in progress: the position of :class:`NewWorldState` plus the kernel contract."""

    __slots__ = ()

    def scores(self) -> list[int]:
        return [rules.score(self, seat) for seat in range(self.num_players)]

    def winners(self) -> list[int]:
        """Ruling 73: the best score; ties go to more surviving animals; then the tied players share the win."""
        return rank_winners(self.scores(), [len(row) for row in self.rows])

    def view(self, player: int | None) -> dict[str, Any]:
        return build_view(self, player)

    def describe(self, action: Any) -> str:
        return describe(self, action)

    @property
    def turn_number(self) -> int:
        return self.period

    def to_json(self) -> dict[str, Any]:
        data = self._base_json()
        data["newworld"] = {
            **{name: _snapshot(getattr(self, name)) for name in FLAT_LISTS + SCALARS},
            "flow": steps_to_json(self.flow),
        }
        return data

    def determinize(self, player: int, rng: Rng) -> NewWorldPosition:
        """Every card ``player`` has not seen is dealt again at random: the deck, the discard pile, other seats'
        hands and face-down animal cards; the area deck and the boxed area cards are shuffled together."""
        other = cast(NewWorldPosition, self.clone())
        hidden: list[int] = list(other.deck) + list(other.discard) + list(other.card_box)
        blind = bool(other.options["random_mutations"])  # a gene pool and its animals are unseen by their owner
        for seat in range(other.num_players):
            if seat != player or blind:
                hidden.extend(other.hands[seat])
                hidden.extend(other.animal_card[animal] for animal in other.rows[seat])
        rng.shuffle(hidden)
        position = 0

        def take(count: int) -> list[int]:
            nonlocal position
            out = hidden[position:position + count]
            position += count
            return out

        other.deck = take(len(other.deck))
        other.discard = take(len(other.discard))
        other.card_box = take(len(other.card_box))
        for seat in range(other.num_players):
            if seat != player or blind:
                other.hands[seat] = take(len(other.hands[seat]))
                for animal in other.rows[seat]:
                    other.animal_card[animal] = take(1)[0]
        unseen_areas = list(other.area_deck) + list(other.area_box)
        rng.shuffle(unseen_areas)
        other.area_deck = unseen_areas[:len(other.area_deck)]
        other.area_box = unseen_areas[len(other.area_deck):]
        other.rng = Rng(rng.next_u32())
        other._legal = None
        return other


@register
class NewWorldGame(Game):
    name = "newworld"
    title = "Evolution: New World (Evoluce: Nový svět, Rightgames 2022)"
    rules_version = RULES_VERSION
    min_players = 2
    max_players = 4
    option_schema = (
        players_option(2, 4, 3),
        Option("periods", "int", AREA_DECK_SIZE_DEFAULT, "game length: the number of area-deck cards (= periods)",
               min=1, max=18),
        Option("unlimited_hand", "bool", False, "variant: no discarding down to 6 cards (ruling 75)"),
        Option("catastrophe", "bool", False, "variant: one period with 20 cards each, at least 18 played (ruling 77)"),
        Option("random_mutations", "bool", False, "variant: play blind from a face-down gene pool (ruling 76)"),
        Option("hibernation_in_final_period", "bool", False, "engine ruling 64: allow Hibernation in the final period"),
        Option("metamorphosis", "choice", "both", "reconstructed R1: after discarding, Metamorphosis gives a hand "
               "card as a trait (a), 1 blue food (b), or either (both)", choices=("both", "a", "b")),
        Option("pirate_must_take_food", "bool", True, "engine ruling: Piracy only by an animal that can take food"),
        Option("running_horned_optional", "bool", False, "engine ruling 48: Running and Horned become optional"),
        Option("data", "str", "", "a replacement cards.json (traits, the 96 cards, the 20 areas); empty: built-in"),
    )
    data_note = ("much of the card data is reconstructed (the trait handbook and card list are unknown): "
                 "reconstructed entries are marked in every view; -o data=FILE replaces them")
    plugins: ClassVar[dict[str, str]] = {"renderer": "evolutio.games.newworld.render:render",
                                         "heuristic": "evolutio.games.newworld.heuristic:NewWorldHeuristic",
                                         "rollout": "evolutio.games.newworld.rollout:choose"}
    die_sides: ClassVar[int] = 6
    hold_points: ClassVar[dict[str, str]] = {
        "areas_phase": "before the next area card is revealed",
        "start_feeding": "before the feeding phase starts",
        "extinction_phase": "before the extinction phase",
        "next_period": "at the end of the period",
    }

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.data: RulesData = load_rules_data(self.options["data"])
        self._schema = action_schema(self.data)

    def check_options(self) -> None:
        data = load_rules_data(self.options["data"])
        players = self.num_players
        areas = len(data.areas)
        if self.options["catastrophe"] and self.options["random_mutations"]:
            raise OptionError("options 'catastrophe' and 'random_mutations' of newworld cannot be combined")
        if self.options["catastrophe"]:
            if areas < players + 1:
                raise OptionError(f"option 'catastrophe' of newworld needs {players + 1} area cards; the data has "
                                  f"{areas}")
            if len(data.card_large) < players * rules.CATASTROPHE_HAND:
                raise OptionError(f"option 'catastrophe' of newworld deals {rules.CATASTROPHE_HAND} cards to each of "
                                  f"{players} players; the data has {len(data.card_large)} cards")
        elif areas < players + self.options["periods"]:
            raise OptionError(f"option 'periods' of newworld: {self.options['periods']} periods and {players} "
                              f"players need {players + self.options['periods']} area cards; the data has {areas}")
        if len(data.card_large) < players * data.starting_hand:
            raise OptionError(f"newworld data: {len(data.card_large)} cards cannot deal {data.starting_hand} to "
                              f"each of {players} players")

    def blank(self, seed: int) -> NewWorldPosition:
        state = NewWorldPosition(self, seed)
        state.init_empty(self.data)
        return state

    def new_state(self, seed: int = 0) -> NewWorldPosition:
        state = self.blank(seed)
        setup(state)
        return state

    def action_schema(self) -> ActionSchema:
        return self._schema

    def state_from_json(self, data: dict[str, Any]) -> NewWorldPosition:
        state = self.blank(data.get("seed", 0))
        state._load_base_json(data)
        body = data["newworld"]
        for name in FLAT_LISTS + SCALARS:
            value = body[name]
            setattr(state, name, [list(item) if isinstance(item, list) else item for item in value]
                    if isinstance(value, list) else value)
        for animal in range(len(state.animal_card)):
            state._refresh_mask(animal)  # the derived trait masks and food requirements
        state.restore_flow(steps_from_json(body["flow"], STEP_TYPES, "newworld.flow"))
        return state

    def state_from_scenario(self, data: dict[str, Any]) -> NewWorldPosition:
        state = self.blank(data.get("seed", 0))
        build_scenario(state, data)
        return state


def action_schema(data: RulesData) -> ActionSchema:
    cards = len(data.card_large)
    animals = cards
    slots = 2 * len(data.areas)
    traits = len(TRAIT_IDS)
    return ActionSchema([
        ("pass", ()), ("end_turn", ()), ("accept_attack", ()), ("done", ()), ("morph_food", ()),
        ("morph_nothing", ()),
        ("play_animal", (("card", cards),)),
        ("play_trait", (("card", cards), ("side", 2), ("animal", animals))),
        ("play_paired", (("card", cards), ("side", 2), ("animal", animals), ("neighbour", 2))),
        ("move", (("animal", animals), ("position", animals))),
        ("reverse", (("animal", animals),)),
        ("shelter", (("animal", animals), ("slot", slots))),
        ("feed", (("animal", animals), ("slot", slots))),
        ("attack", (("predator", animals), ("prey", animals))),
        ("piracy", (("pirate", animals), ("victim", animals))),
        ("metamorphosis", (("animal", animals), ("card", cards))),
        ("morph_trait", (("card", cards), ("side", 2))),
        ("defend", (("prey", animals), ("trait", traits))),
        ("drop_trait", (("prey", animals), ("card", cards))),
        ("redirect", (("prey", animals), ("target", animals))),
        ("graze", (("animal", animals), ("slot", slots))),
        ("skip_grazing", (("animal", animals),)),
        ("scavenge", (("animal", animals),)),
        ("use_fat", (("animal", animals),)),
        ("hibernate", (("animal", animals),)),
        ("discard", (("card", cards),)),
        ("mutate_animal", ()),
        ("mutate_trait", (("animal", animals),)),
        ("give_side", (("side", 2), ("neighbour", 2))),
        ("morph_paired", (("card", cards), ("side", 2), ("neighbour", 2))),
        ("trigger", (("card", cards),)),
    ])


def setup(state: NewWorldPosition) -> None:
    """NOTES §2 (and §12 Catastrophe): areas, hands, the first player."""
    data = state.data
    rng = state.rng
    players = state.num_players
    options = state.options
    areas = list(range(len(data.areas)))
    rng.shuffle(areas)
    cards = list(range(len(data.card_large)))
    rng.shuffle(cards)
    if options["catastrophe"]:
        state.catastrophe = 1
        state.final = 1
        state.area_row = [areas.pop() for _ in range(players + 1)]
        hand_size = rules.CATASTROPHE_HAND
    else:
        state.area_deck = [areas.pop() for _ in range(options["periods"])]
        state.area_row = [areas.pop() for _ in range(players)]
        hand_size = data.starting_hand
    state.area_box = areas
    for seat in range(players):
        state.hands[seat] = [cards.pop() for _ in range(hand_size)]
    if state.catastrophe:
        state.card_box = cards  # NOTES §12: "box the rest"; the game has no draw, so no deck is needed
        state.fill_areas()
    else:
        state.deck = cards
    state.first_player = rng.randbelow(players)
    if state.log_events:
        state.emit("setup", {"text": f"a game of {players} players; {state.player_name(state.first_player)} goes first",
                             "first_player": state.first_player})
    blind = bool(options["random_mutations"])
    for seat in range(players):
        name = state.player_name(seat)
        if state.log_events:
            state.emit("draw", {"text": f"{name} is dealt {hand_size} cards: "
                                        f"{', '.join(map(str, state.hands[seat]))}", "seat": seat,
                                "cards": list(state.hands[seat])}, to=() if blind else (seat,),
                       redacted={"text": f"{name} is dealt {hand_size} cards", "seat": seat, "count": hand_size})
    state.push(flow.NextDevelopment(state.first_player - 1))
    state.settle()

