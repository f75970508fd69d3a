"""Actions in words, and why an action is not legal now (in the players' terms). Off the hot path."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel import Action

from .cards import B_CARN, B_FAT, B_INTEL, TRAIT_NAMES
from .config import (
    BODY,
    CARDS,
    DEFENCE_BITS,
    DEFENCE_NAMES,
    FAT,
    FEED,
    FOOD,
    FOOD_,
    INTEL,
    LEAF,
    LEAF_NAMES,
    MASK,
    MAX_SPECIES,
    NEGATE,
    NUM_DEFENCES,
    PHASE_NAMES,
    PLAY,
    POP,
    REPLACE,
    SIZE,
    STORE,
)
from .steps import StoreSurplus

if TYPE_CHECKING:  # pragma: no cover
    from .state import NorthstarState

ARITY = {"food_card": 1, "trait": 2, "new_species": 2, "grow_body": 2, "grow_pop": 2, "discard_trait": 1,
         "replace_trait": 2, "end_turn": 0, "leaf": 2, "feed": 1, "store_fat": 1, "attack": 3, "negate": 2,
         "strike": 0, "intelligence_food": 2, "pass": 0, "store_surplus": 1}

PHASE_KINDS = {
    FOOD: ("food_card",),
    PLAY: ("trait", "new_species", "grow_body", "grow_pop", "discard_trait", "replace_trait", "end_turn"),
    REPLACE: ("trait",),
    LEAF: ("leaf",),
    FEED: ("feed", "store_fat", "attack", "intelligence_food", "pass"),
    NEGATE: ("negate", "strike"),
    INTEL: ("intelligence_food", "pass"),
    STORE: ("store_surplus",),
}

WHAT_NOW = {
    FOOD: "choose your secret food card (food_card)",
    PLAY: "play cards from your hand or end your play turn",
    REPLACE: "choose the card whose trait replaces the chosen trait",
    LEAF: "choose which of your leaf effects resolves next",
    FEED: "feed one of your species (or pass when nothing hungry can eat)",
    NEGATE: "discard cards to negate the target's defences, then strike",
    INTEL: "use Intelligence for plant food, or pass",
    STORE: "decide how much of a take's surplus to store on Fat Tissue (store_surplus)",
}


def _card(st: "NorthstarState", c: int) -> str:
    # the card number keeps two copies of the same card distinguishable (menus, OpenSpiel action strings)
    if 0 <= c < st.cfg.ncards:
        return f"{st.cfg.deck.label(c)} [card {c}]"
    return f"card #{c}"


def describe(st: "NorthstarState", a: Action) -> str:
    k, x = a.kind, a.args
    try:
        if k == "food_card":
            return f"choose {_card(st, x[0])} as your secret food card"
        if k == "trait":
            return f"play {_card(st, x[0])} face down as a trait on your species {x[1] + 1}"
        if k == "new_species":
            return f"discard {_card(st, x[0])} for a new species at the {'left' if x[1] == 0 else 'right'} end"
        if k == "grow_body":
            return f"discard {_card(st, x[0])}: +1 body size on your species {x[1] + 1}"
        if k == "grow_pop":
            return f"discard {_card(st, x[0])}: +1 population on your species {x[1] + 1}"
        if k == "discard_trait":
            return f"discard the trait card {_card(st, x[0])} from your species"
        if k == "replace_trait":
            return f"replace trait #{x[1] + 1} of your species {x[0] + 1}"
        if k == "end_turn":
            return "end your play turn"
        if k == "leaf":
            return f"resolve {LEAF_NAMES[x[1]]} of your species {x[0] + 1}"
        if k == "feed":
            return f"feed your species {x[0] + 1} from the watering hole"
        if k == "store_fat":
            return f"store food on the Fat Tissue of your species {x[0] + 1}"
        if k == "attack":
            return f"your species {x[0] + 1} attacks player {x[1] + 1}'s species {x[2] + 1}"
        if k == "negate":
            return f"discard {_card(st, x[0])} (Intelligence) to negate {DEFENCE_NAMES[x[1]]}"
        if k == "strike":
            return "carry out the attack"
        if k == "intelligence_food":
            return (f"discard {_card(st, x[0])} (Intelligence): your species {x[1] + 1} takes 2 plant food from the "
                    f"bank")
        if k == "pass":
            return "pass" if st.phase != INTEL else "do not use Intelligence now"
        if k == "store_surplus":
            n = x[0]
            decision = st.step
            if isinstance(decision, StoreSurplus):
                s, meat, bank = decision.species, decision.meat, decision.bank
                what = "meat" if meat else "plant food"
                where = "the bank" if bank else "the watering hole"
                if n == 0:
                    return f"store nothing: the surplus {what} stays in {where}"
                return f"store {n} surplus {what} on the Fat Tissue of your species {s + 1}"
            return f"store {n} surplus food on Fat Tissue"
    except (IndexError, TypeError):
        pass
    return str(a)


def explain(st: "NorthstarState", a: Action) -> str:
    """Why ``a`` is not legal now. Called only for actions that are not in ``legal_actions()``."""
    k, x = a.kind, a.args
    if k not in ARITY:
        return f"there is no action {k!r} in northstar; known actions: {', '.join(ARITY)}"
    if len(x) != ARITY[k]:
        return f"{k} takes {ARITY[k]} argument(s), got {len(x)}"
    if st.held is not None:
        return st.step.prompt(st)
    ph = st.phase
    p = st.current_player
    if k == "store_surplus":
        if ph != STORE:
            return ("store_surplus exists only in the standard variant; use store_fat" if st.cfg.course else
                    "there is no surplus to store now: you are asked (store_surplus) when a take brings a species "
                    "with Fat Tissue room more food than its board holds; to fill a full species' Fat Tissue, feed "
                    "it") + f"; now player {p + 1} must {WHAT_NOW[ph]}"
        decision = st.step
        s, tok, meat, lo, hi = decision.species, decision.tokens, decision.meat, decision.least, decision.most
        sp = st.boards[p][s]
        surplus = tok - (sp[POP] - sp[FOOD_])
        why = []
        if hi < surplus:
            why.append(f"the Fat Tissue card of species {s + 1} has room for only {hi} (it holds {sp[FAT]} of body "
                       f"size {sp[BODY]})")
        if lo:
            why.append("the species was already full when you chose to feed it (by feeding, attacking or "
                       "Intelligence), which is the choice to store at least 1")
        return (f"store {lo}..{hi} of the {surplus} surplus {'meat' if meat else 'plant food'} tokens, not {x[0]}"
                + (": " + "; ".join(why) if why else ""))
    if k not in PHASE_KINDS.get(ph, ()):
        return f"{k} is not possible in the {PHASE_NAMES[ph]} phase; now player {p + 1} must {WHAT_NOW[ph]}"
    cfg = st.cfg
    hand = st.hands[p]
    row = st.boards[p]
    course = cfg.course

    def need_card(c: int) -> str | None:
        if c not in hand:
            return f"{_card(st, c)} is not in your hand"
        return None

    def need_species(s: int, r: list | None = None, who: str = "you have") -> str | None:
        r = row if r is None else r
        if not 0 <= s < len(r):
            return f"there is no species {s + 1}: {who} {len(r)} species"
        return None

    if k == "food_card":
        return need_card(x[0]) or "you cannot choose that food card now"
    if k in ("trait", "grow_body", "grow_pop"):
        c, s = x
        r = need_card(c) or need_species(s)
        if r:
            return r
        sp = row[s]
        if k == "trait":
            ct = cfg.ctrait
            if ph == REPLACE:
                s0 = st.step.species
                if s != s0:
                    return f"you are replacing a trait of species {s0 + 1}, not species {s + 1}"
                return f"species {s + 1} already has {TRAIT_NAMES[ct[c]]}"
            if course and st.stage > 0:
                return "course rules: traits are placed only on boards bought with new_species, before any " \
                       "replacement or growth"
            if course and s < st.nstart:
                return "course rules: a trait card can only go on a board bought this turn (use replace_trait)"
            if any(ct[y] == ct[c] for y in sp[CARDS]):
                return f"species {s + 1} already has {TRAIT_NAMES[ct[c]]}; a species never holds a trait twice"
            return f"species {s + 1} already holds {len(sp[CARDS])} trait cards, the limit is {cfg.maxtraits}"
        f = BODY if k == "grow_body" else POP
        if sp[f] >= cfg.maxv:
            return f"species {s + 1} already has {'body size' if f == BODY else 'population'} {cfg.maxv}, the maximum"
        if course:
            return "course rules: card actions come in the order new boards, replacements, population, body size"
        return "you cannot grow that species now"
    if k == "new_species":
        c, side = x
        r = need_card(c)
        if r:
            return r
        if side not in (0, 1):
            return "a new species goes at the left (0) or right (1) end"
        if len(row) >= MAX_SPECIES:
            return f"you already have {MAX_SPECIES} species, the most this engine supports"
        if course:
            return ("course rules: new boards are added at the right end only, before any other card action"
                    if side == 0 or st.stage == 0 else
                    "course rules: new boards are bought before replacements and growth")
        return "you cannot add that species now"
    if k == "discard_trait":
        if course:
            return "course rules: traits are not discarded; replace them with replace_trait"
        return f"{_card(st, x[0])} is not a trait card on one of your species"
    if k == "replace_trait":
        if not course:
            return "replace_trait exists only in the cs4500 variant; discard the trait, then play the new one"
        s, i = x
        r = need_species(s)
        if r:
            return r
        if i >= len(row[s][CARDS]):
            return f"species {s + 1} has only {len(row[s][CARDS])} trait(s)"
        if st.stage > 1:
            return "course rules: replacements come before growth"
        return "no card in your hand can replace that trait without duplicating one"
    if k == "end_turn":
        return "you cannot end your turn now"
    if k == "leaf":
        pending = ", ".join(f"{LEAF_NAMES[e]} of species {s + 1}" for s, e in st.step.effects)
        return f"that leaf effect is not pending; pending: {pending}"
    if k == "feed":
        s = x[0]
        r = need_species(s)
        if r:
            return r
        sp = row[s]
        if sp[MASK] & B_CARN:
            return f"species {s + 1} is a Carnivore: it never takes plant food, it feeds by attacking"
        if st.wh <= 0:
            return "the watering hole is empty"
        if sp[FOOD_] >= sp[POP] and not (not course and sp[MASK] & B_FAT and sp[FAT] < sp[BODY]):
            return f"species {s + 1} is fed (food {sp[FOOD_]} = population {sp[POP]}) and has no Fat Tissue room"
        return "you cannot feed that species now"
    if k == "store_fat":
        if not course:
            return ("store_fat exists only in the cs4500 variant; feed a full Fat Tissue species instead (a take's "
                    "surplus is offered with store_surplus)")
        s = x[0]
        r = need_species(s)
        if r:
            return r
        if st.wh <= 0:
            return "the watering hole is empty"
        return f"species {s + 1} has no Fat Tissue with room"
    if k == "attack":
        a, tp, t = x
        r = need_species(a)
        if r:
            return r
        if not 0 <= tp < cfg.n:
            return f"there is no player {tp + 1}"
        r = need_species(t, st.boards[tp], f"player {tp + 1} has")
        if r:
            return "cannot attack: " + r
        at = row[a]
        if not at[MASK] & B_CARN:
            return f"cannot attack: your species {a + 1} is not a Carnivore"
        if tp == p and t == a:
            return "cannot attack: a Carnivore cannot attack itself"
        if course and tp == p:
            return "course rules: a Carnivore attacks only other players' species"
        if course and st.wh <= 0:
            return "course rules: feeding stops when the watering hole is empty"
        hungry = at[FOOD_] < at[POP]
        if not hungry and (course or not (at[MASK] & B_FAT and at[FAT] < at[BODY])):
            return f"cannot attack: your Carnivore is fed (food {at[FOOD_]} = population {at[POP]})" + \
                   ("" if course else " and has no Fat Tissue room")
        b = st.blockers(p, a, tp, t)
        if b:
            reasons = st.block_reasons(p, a, tp, t, b)
            msg = "cannot attack: " + "; ".join(reasons)
            if at[MASK] & B_INTEL and not b & SIZE:
                n = bin(b & DEFENCE_BITS).count("1")
                msg += f" (Intelligence could negate this with {n} card(s); you hold {len(hand)})"
            return msg
        return "you cannot attack now"
    if k == "negate":
        c, d = x
        r = need_card(c)
        if r:
            return r
        if not 0 <= d < NUM_DEFENCES:
            return f"defences are numbered 0..{NUM_DEFENCES - 1}"
        return f"{DEFENCE_NAMES[d]} does not protect the target in this attack (or is already negated), or negating " \
               f"it would leave you without the cards the remaining defences need"
    if k == "strike":
        step = st.step
        a, tp, t, neg = step.attacker, step.target_player, step.target, step.negated
        return "the attack is still blocked: " + "; ".join(st.block_reasons(p, a, tp, t, st.blockers(p, a, tp, t, neg)))
    if k == "intelligence_food":
        c, s = x
        r = need_card(c) or need_species(s)
        if r:
            return r
        sp = row[s]
        if not sp[MASK] & B_INTEL:
            return f"your species {s + 1} does not have Intelligence"
        if sp[MASK] & B_CARN:
            return f"your species {s + 1} is a Carnivore: Intelligence negates defences when it attacks instead"
        return f"your species {s + 1} cannot take more food"
    if k == "pass":
        if ph == FEED and not course:
            return "you must feed: you have a hungry species that can take food (R15)"
        return "you cannot pass now"
    return f"{describe(st, a)} is not a legal action now"
