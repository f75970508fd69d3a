"""Hunter (Охотник, originally Удильщик, "Anglerfish"; Time to Fly): played only as an animal, its trait side hidden
(ruling 4: ``target: animal_only`` in its data row). When a Carnivore attacks an animal of yours without traits, you
may reveal a hidden Hunter without traits (``hunter`` decision: ``reveal(animal)`` or ``accept``) — you must if the
attacked animal is the Hunter itself and it can counterattack. The Hunter then attacks the attacking Carnivore, ignoring
one of its traits as with Intellect (the one protection in its way, or a defence its owner names); the original attack
is over. If it eats the Carnivore it keeps both blue tokens, even beyond its need; if not, the Carnivore stays unfed
and has used its attack. From then on the Hunter is an animal with Carnivore: need 2, 4 points without other traits
(rulings 51, 52, 80; mark ``hunter_revealed``). The counterattack is the Hunter's attack of the turn. The machinery:
``trait_support`` and ``expansion_flow``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import trait_action

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow


def describe(state: OriginFlow, hunter: int) -> str:
    return f"reveal your Hunter A{hunter}: it counterattacks the attacking Carnivore"


trait_action("anglerfish", "reveal", describe, answers="decision")
