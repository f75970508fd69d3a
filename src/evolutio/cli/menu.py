"""The choice menu of the terminal game: the legal actions grouped by kind, numbered in that order, each group on as
few lines as an 80-column screen allows.

A group's title is what its actions' descriptions have in common (the words they all start and end with); each
numbered entry shows only the words that differ. Nothing here knows a ruleset: the groups come from the action kinds
and the words from ``state.describe``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.text import Text

from evolutio.kernel import Action, actions_by_kind

#: the menu is laid out for this many columns
MENU_WIDTH = 78
#: keys that open a folded group (no q: it quits; no y: it confirms)
GROUP_KEYS = "abcdefghijklmnoprstuvwxz"
#: an ending shorter than this many words stays in the entries (one shared word is too little to make a title)
MIN_SHARED_WORDS = 2
#: a group title is cut to this many characters
TITLE_WIDTH = 60


@dataclass
class MenuGroup:
    kind: str
    title: str
    entries: list[tuple[int, str]] = field(default_factory=list)  # (menu number, label)


@dataclass
class Menu:
    actions: list[Action]  # in menu order: actions[number - 1]
    groups: list[MenuGroup]

    def group_key(self, group_number: int) -> str:
        return GROUP_KEYS[group_number] if group_number < len(GROUP_KEYS) else str(group_number)

    def group_for_key(self, key: str) -> MenuGroup | None:
        for number, group in enumerate(self.groups):
            if len(group.entries) > 1 and self.group_key(number) == key:
                return group
        return None

    def fitted_lines(self, room: int, width: int = MENU_WIDTH) -> list[Text]:
        """The menu in at most ``room`` lines if folding can make it fit: the groups taking the most lines are folded
        first, each into one line with its title, how many choices it has and the key that lists them (their numbers
        can be typed without listing them)."""
        folded: set[int] = set()
        while True:
            out = self.lines(width, folded)
            candidates = [i for i, group in enumerate(self.groups) if i not in folded and len(group.entries) > 1]
            if len(out) <= room or not candidates:
                return out
            folded.add(max(candidates, key=lambda i: (len(self.lines_of([self.groups[i]], width)), -i)))

    def lines(self, width: int = MENU_WIDTH, folded: set[int] | None = None) -> list[Text]:
        out: list[Text] = []
        for number, group in enumerate(self.groups):
            if folded and number in folded:
                first, last = group.entries[0][0], group.entries[-1][0]
                out.append(Text.assemble((f"{self.group_key(number)})", "bold magenta"), f" {group.title}: ",
                                         (f"{len(group.entries)} choices, {first}–{last}", "dim")))
            else:
                out.extend(self.lines_of([group], width))
        return out

    def lines_of(self, groups: list[MenuGroup], width: int = MENU_WIDTH) -> list[Text]:
        out: list[Text] = []
        for group in groups:
            if len(group.entries) == 1 and not group.entries[0][1]:
                out.append(Text.assemble((f"{group.entries[0][0]}", "bold cyan"), " ", group.title))
                continue
            line = Text()
            line.append(group.title, style="bold")
            line.append(":")
            for number, label in group.entries:
                entry = Text.assemble((f"{number}", "bold cyan"), " ", label)
                if line.cell_len + 2 + entry.cell_len > width:
                    out.append(line)
                    line = Text("   ")
                else:
                    line.append("  ")
                line.append_text(entry)
            out.append(line)
        return out


def _common_prefix(word_lists: Sequence[list[str]]) -> int:
    shortest = min(len(words) for words in word_lists)
    count = 0
    while count < shortest and all(words[count] == word_lists[0][count] for words in word_lists):
        count += 1
    return count


def build_menu(actions: Sequence[Action], describe: dict[Action, str]) -> Menu:
    """Group ``actions`` by kind (groups in order of first appearance) and number them in group order."""
    by_kind = actions_by_kind(actions)
    ordered: list[Action] = []
    groups: list[MenuGroup] = []
    for kind, members in by_kind.items():
        words = [describe[a].split() for a in members]
        if len(members) == 1:
            title, labels = describe[members[0]], [""]
        else:
            head = _common_prefix(words)
            tail = _common_prefix([list(reversed(w[head:])) for w in words])
            if tail < MIN_SHARED_WORDS:
                tail = 0
            labels = [" ".join(w[head:len(w) - tail]).rstrip(":,;") or "(this)" for w in words]
            title_words = words[0][:head] + (["…"] if tail or head else []) + words[0][len(words[0]) - tail:]
            title = " ".join(title_words) if head or tail else kind.replace("_", " ")
            if 0 < head + tail < MIN_SHARED_WORDS:
                title += f" ({kind.replace('_', ' ')})"  # one shared word says too little
        if len(members) > 1 and len(title) > TITLE_WIDTH:
            title = title[: TITLE_WIDTH - 1] + "…"
        group = MenuGroup(kind, title)
        for action, label in zip(members, labels):
            ordered.append(action)
            group.entries.append((len(ordered), label))
        groups.append(group)
    return Menu(ordered, groups)
