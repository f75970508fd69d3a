"""The decision stack: how every ruleset's turn structure and interrupts are written.

A game's progress is a stack of :class:`Step` objects. The top step is what happens now:

- a **decision step** names the seat that decides (:meth:`Step.decider`), lists its candidate actions
  (:meth:`Step.candidates`), checks each candidate against the rules (:meth:`Step.check`, returning ``None`` when
  allowed or a :class:`Refusal` with the reason in player terms) and carries out a choice (:meth:`Step.resolve`);
- an **automatic step** (``decider`` returns ``None``) is run at once by :meth:`Step.run` — a phase change, the end of
  a turn, a queued effect.

``resolve`` and ``run`` change the position and push or pop steps with :class:`Flow`'s methods: an attack pushes the
defender's reaction, the reaction pushes the scavengers, a phase step replaces itself with the next phase. After each
applied action the kernel runs automatic steps until a decision step is on top (or the stack is empty: the game is
over).

**Legality is written once.** ``legal_actions`` is the list of candidates that pass ``check`` (or a step's faster
:meth:`Step.legal` built from the same rule functions, verified against ``check`` by the game's tests); ``apply`` of
any other action raises :class:`~evolutio.kernel.errors.IllegalAction` with that same check's reason (or, for an
action that is not even a candidate, with the step's :meth:`Step.prompt`). There is no second, hand-kept explanation of
the rules.

Steps are small immutable values (``__slots__``, set once in ``__init__``), so copying the stack to clone a state is a
shallow list copy. Their fields are plain JSON values (ints, strings, tuples of ints) so a stack saves and loads with
:func:`steps_to_json` / :func:`steps_from_json` — no game code is needed for that beyond the list of step types.

:class:`FlowState` is the :class:`~evolutio.kernel.game.State` base for rulesets written this way: it implements
``current_player``, ``is_terminal``, ``legal_actions``, ``apply``, ``apply_trusted`` and ``explain_illegal`` from the
stack. ``docs/writing-a-game.md`` walks through a complete small ruleset.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Mapping, Sequence

from .action import Action
from .game import State


class Refusal:
    """Why an action is not allowed, in player terms ("your Carnivore cannot attack this animal: it is Big ...")."""

    __slots__ = ("reason",)

    def __init__(self, reason: str) -> None:
        self.reason = reason

    def __repr__(self) -> str:
        return f"Refusal({self.reason!r})"

    def __str__(self) -> str:
        return self.reason


GAME_OVER = Refusal("the game is over; no more actions can be played")


class Step:
    """One frame of the decision stack. Subclasses set ``name`` and ``__slots__`` and override what they need.

    A decision step overrides :meth:`decider`, :meth:`candidates`, :meth:`check` (when some candidates can be
    refused), :meth:`resolve` and :meth:`prompt`. An automatic step overrides :meth:`run` only.
    """

    __slots__ = ()
    #: the step's name in saved states, views and ``docs``: unique within one ruleset
    name: ClassVar[str] = ""
    #: set for each subclass: it never decides (it does not override :meth:`decider`), so :meth:`FlowState.settle`
    #: runs it without asking
    automatic: ClassVar[bool] = True
    #: a subclass may set this when its :meth:`decider` never returns ``None`` (a decision in every position), so
    #: :meth:`FlowState.settle` stops at it without asking
    decides: ClassVar[bool] = False

    #: the action kinds this step takes (a decision names them; :meth:`kinds` may add a game's own). When a step names
    #: its kinds, :meth:`FlowState.refusal` refuses any other kind with :meth:`kind_refusal` and asks :meth:`check`
    #: about every well-formed action of these kinds; a step that names none is asked about its candidates only
    accepts: ClassVar[tuple[str, ...]] = ()

    if TYPE_CHECKING:   # (at run time a step without fields keeps object's constructor: no call on the hot path)
        def __init__(self, *values: Any) -> None:
            """Set the step's fields — its ``__slots__``, a base class's first — from ``values``, in that order:
            every subclass with fields of its own and no ``__init__`` gets one written out for its fields by
            :meth:`__init_subclass__` (as fast as a hand-written one), so a step declares its fields only once."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.automatic = cls.decider is Step.decider
        if "__init__" not in cls.__dict__ and cls.__dict__.get("__slots__"):
            cls.__init__ = _field_setter(cls.__qualname__, _all_slots(cls))  # type: ignore[method-assign]

    # -- decision steps ----------------------------------------------------------------------------------------
    def decider(self, state: Any) -> int | None:
        """The seat that decides now, or ``None`` for an automatic step."""
        return None

    def candidates(self, state: Any) -> Iterable[Action]:
        """Every action this step could accept; :meth:`check` filters out those the rules refuse now."""
        return ()

    def check(self, state: Any, action: Action) -> Refusal | None:
        """``None`` if ``action`` (one of :meth:`candidates`) is allowed now, else why not."""
        return None

    def kinds(self, state: Any) -> tuple[str, ...]:
        """The action kinds this step takes in the game of ``state`` (by default :attr:`accepts`)."""
        return self.accepts

    def kind_refusal(self, state: Any, action: Action) -> Refusal:
        """Why an action of a kind this step does not take is refused: by default, what the decider is asked now."""
        return Refusal(self.prompt(state))

    def legal(self, state: Any) -> list[Action]:
        """The allowed actions now: the candidates that pass :meth:`check`, in candidate order.

        A step on a hot path may override this with a faster generation that calls the same rule functions as
        :meth:`check` (so that every refusal still comes from the rule that generation uses); the game's tests must
        then verify that it equals the filtered candidates (:func:`legal_by_check`).
        """
        candidates = self.candidates(state)
        if type(self).check is Step.check:  # a step that refuses no candidate: no per-action call on the hot path
            return candidates if type(candidates) is list else list(candidates)
        check = self.check
        return [action for action in candidates if check(state, action) is None]

    def resolve(self, state: Any, action: Action) -> None:
        """Carry out an allowed choice. The step is still on top of the stack: pop or replace it as the rules say."""
        raise NotImplementedError(f"step {self.name!r} does not take decisions")

    def prompt(self, state: Any) -> str:
        """What the decider is asked, in words — shown in views and in the refusal of a non-candidate action."""
        return self.name.replace("_", " ")

    # -- automatic steps ---------------------------------------------------------------------------------------
    def run(self, state: Any) -> None:
        """Carry out an automatic step. It is on top of the stack: pop or replace it."""
        raise NotImplementedError(f"step {self.name!r} is a decision, not an automatic step")

    # -- values ------------------------------------------------------------------------------------------------
    def fields(self) -> dict[str, Any]:
        return {slot: getattr(self, slot) for slot in _all_slots(type(self))}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Step) and type(other) is type(self) and self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash((self.name, tuple(self.fields().values())))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.fields().items())
        return f"{type(self).__name__}({inner})"


def legal_by_check(step: Step, state: Any) -> list[Action]:
    """The candidates of ``step`` that its :meth:`Step.check` allows: what :meth:`Step.legal` must equal (as a set)."""
    return [action for action in step.candidates(state) if step.check(state, action) is None]


def _field_setter(owner: str, fields: tuple[str, ...]) -> Any:
    """``def __init__(self, a, b): self.a = a; self.b = b`` for the step class ``owner`` with ``fields``: written
    out and compiled once per class (a loop over the fields would cost every step built on the hot path)."""
    if not all(field.isidentifier() for field in fields):
        raise TypeError(f"{owner}: step fields must be names, got {fields}")
    body = "".join(f"\n    self.{field} = {field}" for field in fields)
    namespace: dict[str, Any] = {}
    exec(f"def __init__(self, {', '.join(fields)}) -> None:{body}", namespace)   # (names, checked above)
    setter = namespace["__init__"]
    setter.__qualname__ = f"{owner}.__init__"
    return setter


def _all_slots(cls: type) -> tuple[str, ...]:
    cached = _SLOTS.get(cls)
    if cached is None:
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            for slot in klass.__dict__.get("__slots__", ()):
                if slot not in names:
                    names.append(slot)
        cached = _SLOTS[cls] = tuple(names)
    return cached


_SLOTS: dict[type, tuple[str, ...]] = {}


def _to_jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_jsonable(v) for v in value]
    return value


def _from_jsonable(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_jsonable(v) for v in value)
    return value


def steps_to_json(stack: Sequence[Step]) -> list[dict[str, Any]]:
    """A stack (bottom first) in JSON form: ``[{"step": name, field: value, ...}, ...]``."""
    return [{"step": step.name, **{k: _to_jsonable(v) for k, v in step.fields().items()}} for step in stack]


class Hold(Step):
    """A hold point: the game stops before the automatic step ``point`` until someone resumes it.

    Scenarios ask for hold points (``"hold": ["extinction"]``) to inspect a position the game would otherwise run
    straight through. While held, the only legal action is ``resume``, decided by seat 0 (any seat could; the kernel
    needs one). Resuming runs the held step at once, so the same point does not hold twice in a row.
    """

    __slots__ = ("point",)
    name = "hold"
    RESUME = Action("resume")

    def __init__(self, point: str) -> None:
        self.point = point

    def decider(self, state: Any) -> int | None:
        return 0

    def candidates(self, state: Any) -> Iterable[Action]:
        return (self.RESUME,)

    def resolve(self, state: Any, action: Action) -> None:
        state.pop()
        state.flow[-1].run(state)

    def prompt(self, state: Any) -> str:
        where = state.game.hold_points.get(self.point, f"at {self.point.replace('_', ' ')}")
        return f"the game is held {where}; the only choice is resume"


def steps_from_json(data: Any, step_types: Iterable[type[Step]], where: str = "flow",
                    shared: Iterable[Step] = ()) -> list[Step]:
    """Rebuild a stack saved by :func:`steps_to_json`; errors name the JSON path (``flow[2].attacker``).

    ``shared``: field-less step instances that a game pushes everywhere in place of new ones (a phase step, one
    instance for every round); a saved step of the same name loads as that very instance, so a loaded stack holds the
    same objects as the live game's (whose hand-overs may recognise them by identity)."""
    by_name: Mapping[str, type[Step]] = {Hold.name: Hold, **{t.name: t for t in step_types}}
    shared_by_name: dict[str, Step] = {}
    for instance in shared:
        if _all_slots(type(instance)):
            raise TypeError(f"shared step {instance.name!r} has fields; only field-less steps can be shared")
        shared_by_name[instance.name] = instance
    if not isinstance(data, list):
        raise ValueError(f"{where}: expected a list of steps, got {type(data).__name__}")
    stack: list[Step] = []
    for index, entry in enumerate(data):
        path = f"{where}[{index}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("step"), str):
            raise ValueError(f"{path}: expected an object with a 'step' name")
        step_type = by_name.get(entry["step"])
        if step_type is None:
            raise ValueError(f"{path}.step: unknown step {entry['step']!r} (known: {', '.join(sorted(by_name))})")
        slots = _all_slots(step_type)
        extra = set(entry) - {"step", *slots}
        if extra:
            raise ValueError(f"{path}: unknown field {sorted(extra)[0]!r} for step {step_type.name!r}")
        missing = [s for s in slots if s not in entry]
        if missing:
            raise ValueError(f"{path}.{missing[0]}: missing")
        shared_step = shared_by_name.get(step_type.name)
        if shared_step is not None and type(shared_step) is step_type:
            stack.append(shared_step)
            continue
        step = step_type.__new__(step_type)
        for slot in slots:
            object.__setattr__(step, slot, _from_jsonable(entry[slot]))
        stack.append(step)
    return stack


class FlowState(State):
    """A :class:`State` whose turn structure is a decision stack (``self.flow``, bottom first).

    Subclasses implement the position, ``scores``/``winners``/``view``/``describe``/``clone``/``to_json`` and
    ``determinize`` as before, and put their turn structure into :class:`Step` subclasses. ``clone`` must copy the
    stack with :meth:`_copy_flow` (a shallow copy: steps are immutable). ``legal_actions``, ``apply_trusted`` and
    ``_apply`` are the kernel's (the steps are the extension points): a subclass does not override them.
    ``flow`` is a plain list: a step on a hot path may ``append``/``pop`` it directly instead of calling
    :meth:`push`/:meth:`pop`.

    ``is_terminal`` is a field, ``not self.flow`` kept up to date by the kernel, not a property: every driver reads it
    once per decision, and a property is a Python call made from C (``docs/kernel.md``, "Speed of the decision
    stack"). The kernel sets it whenever the stack may have emptied or filled: after each applied action and
    :meth:`settle`, in :meth:`push`, :meth:`pop`, :meth:`replace`, :meth:`offer` and :meth:`_copy_flow`. A step may
    change ``flow`` directly while an action is applied; code that sets a whole stack from outside (a saved state, a
    scenario) calls :meth:`restore_flow`.
    """

    __slots__ = ("flow", "holds", "is_terminal")

    def __init__(self, game: Any, seed: int) -> None:
        super().__init__(game, seed)
        self.flow: list[Step] = []
        #: ``not self.flow``: the game is over (a field, see above)
        self.is_terminal: bool = True
        #: names of automatic steps before which the game stops (:class:`Hold`); set by scenarios
        self.holds: frozenset[str] = frozenset()

    # -- stack operations for steps ----------------------------------------------------------------------------
    def push(self, *steps: Step) -> None:
        """Push steps; the last one given ends on top (so ``push(later, sooner)`` runs ``sooner`` first)."""
        self._legal = None   # (a list offered with the step below is not this position's)
        self.flow.extend(steps)
        self.is_terminal = not self.flow

    def pop(self) -> Step:
        self._legal = None
        step = self.flow.pop()
        self.is_terminal = not self.flow
        return step

    def replace(self, *steps: Step) -> None:
        """Pop the top step and push ``steps`` in its place."""
        self._legal = None
        self.flow.pop()
        self.flow.extend(steps)
        self.is_terminal = not self.flow

    def restore_flow(self, steps: list[Step]) -> None:
        """Set the whole stack (bottom first): a saved state's or a scenario's."""
        self._legal = None
        self.flow = steps
        self.is_terminal = not steps

    def offer(self, step: Step, legal: list[Action]) -> None:
        """Push the decision ``step`` with its legal actions ``legal`` (what ``step.legal(self)`` would give), already
        computed by the caller — typically a phase that asked in order to skip a seat with nothing to do — so that
        :meth:`legal_actions` does not ask the step again. Call it last in a ``run`` or ``resolve``: the list is the
        position's until the state changes (``apply`` forgets it)."""
        self.flow.append(step)
        self._legal = legal
        self.is_terminal = False

    @property
    def step(self) -> Step | None:
        """The step on top of the stack (``None``: the game is over)."""
        flow = self.flow
        return flow[-1] if flow else None

    def settle(self) -> None:
        """Run automatic steps until a decision is on top, a hold point is reached, or the stack is empty."""
        flow = self.flow
        holds = self.holds
        while flow:
            top = flow[-1]
            if top.decides or not top.automatic and top.decider(self) is not None:
                self.is_terminal = False
                return
            if holds and top.name in holds:
                flow.append(Hold(top.name))
                self.is_terminal = False
                return
            top.run(self)
        self.is_terminal = True

    @property
    def held(self) -> str | None:
        """The hold point the game is stopped at, or ``None``."""
        flow = self.flow
        return flow[-1].point if flow and isinstance(flow[-1], Hold) else None

    # -- the contract, written once ----------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        flow = self.flow
        return flow[-1].decider(self) if flow else None

    def legal_actions(self) -> list[Action]:
        """Every legal action of ``current_player``: the top step's :meth:`Step.legal` (cached until the state
        changes; do not mutate the list). The same as :meth:`State.legal_actions`, one call shorter on the hot path."""
        legal = self._legal
        if legal is None:
            flow = self.flow
            legal = self._legal = flow[-1].legal(self) if flow else []
        return legal

    def _legal_actions(self) -> list[Action]:
        return self.flow[-1].legal(self)

    def _apply(self, action: Action) -> None:
        self.flow[-1].resolve(self, action)
        self.settle()

    def apply_trusted(self, action: Action) -> None:
        """Like :meth:`State.apply_trusted` (no check), one call shorter on the hot path."""
        self._legal = None
        history = self._hist
        self._hist = (history, action, 1 if history is None else history[2] + 1)   # (add_to_history, inline)
        flow = self.flow
        flow[-1].resolve(self, action)
        # settle, inline: run automatic steps until a decision is on top
        while flow:
            top = flow[-1]
            if top.decides or not top.automatic and top.decider(self) is not None:
                self.is_terminal = False   # (a step may have emptied and refilled the stack directly)
                return
            if self.holds and top.name in self.holds:
                flow.append(Hold(top.name))
                self.is_terminal = False
                return
            top.run(self)
        self.is_terminal = True   # (the stack emptied: the game is over)

    def malformed(self, action: Action) -> Refusal | None:
        """Why ``action`` is not an action of this game at all, whatever the position (unknown kind, wrong number of
        arguments, an argument out of range), or ``None``. By default the game's action schema says; a ruleset may
        override this with words of its own."""
        try:
            schema = self.game.action_schema()
        except NotImplementedError:   # (a ruleset without an encoding: its steps' candidates decide)
            return None
        kind = action.kind
        if kind not in schema.kinds:
            return Refusal(f"'{kind}' is not an action of this game; actions are: {', '.join(schema.kinds)}")
        names, sizes = schema.arg_names(kind), schema.arg_sizes(kind)
        if len(action.args) != len(sizes):
            return Refusal(f"'{kind}' takes {len(sizes)} argument(s) ({', '.join(names)}), got {len(action.args)}")
        for name, value, size in zip(names, action.args, sizes):
            if type(value) is not int or not 0 <= value < size:
                return Refusal(f"{value!r} is not a valid {name} for '{kind}' ({name}s are 0..{size - 1})")
        return None

    def refusal(self, action: Action) -> Refusal | None:
        """Why ``action`` is not legal now (``None`` if it is), from the same check ``legal_actions`` uses — the one
        mechanism of every ruleset on the stack:

        1. the game is over;
        2. the action is not an action of this game (:meth:`malformed`);
        3. the step on top names its kinds (:meth:`Step.kinds`) and this is not one of them: the step's
           :meth:`Step.kind_refusal` (what is asked now);
        4. it is legal: ``None``;
        5. the step's :meth:`Step.check` gives the rule's reason — asked about any well-formed action of the step's
           kinds, or only about its candidates when it names no kinds;
        6. otherwise it is not one of the choices now (the step's prompt).
        """
        flow = self.flow
        if not flow:
            return GAME_OVER
        malformed = self.malformed(action)
        if malformed is not None:
            return malformed
        step = flow[-1]
        kinds = step.kinds(self)
        if kinds and action.kind not in kinds:
            return step.kind_refusal(self, action)
        if action in self.legal_actions():
            return None
        if kinds or action in step.candidates(self):
            refusal = step.check(self, action)
            if refusal is not None:
                return refusal
        return Refusal(f"that is not one of the choices now; {step.prompt(self)}")

    def explain_illegal(self, action: Action) -> str:
        refusal = self.refusal(action)
        if refusal is None:
            return f"{self.describe(action)} is legal now"
        return f"{self.describe(action)}: {refusal.reason}"

    def _copy_flow(self, other: "FlowState") -> None:
        other.flow = list(self.flow)
        other.is_terminal = self.is_terminal
        other.holds = self.holds

    def _base_json(self) -> dict[str, Any]:
        data = super()._base_json()
        if self.holds:
            data["holds"] = sorted(self.holds)
        return data

    def _load_base_json(self, data: dict[str, Any]) -> None:
        super()._load_base_json(data)
        self.holds = frozenset(data.get("holds", ()))

