"""Faults on demand: latency, error answers, dropped connections, malformed bodies, task outcomes.

Every rule can be narrowed to a method and a path (a schema template such as
"/nodes/{node}/qemu/{vmid}/status/start" or a concrete path such as "/nodes/pve1/qemu/100/status/start")
and can fire a number of times (`count`: by default once for errors, drops and malformed answers,
every time for task rules; None for every time). A rule that is used up is dropped. The same
rules arrive as JSON on PUT /_sim/faults (see `Faults.update`).
"""

from __future__ import annotations

import random
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Literal, TypeVar

__all__ = ["DropFault", "ErrorFault", "Faults", "MalformedFault", "TaskOutcome", "TaskRule"]

# What pveproxy says for a proxied call that fails (AnyEvent::HTTP's pseudo statuses 595-599
# carry the system error as reason and no body).
_DEFAULT_REASONS = {
    500: "internal error (simulated by pvesim)",
    501: "Not Implemented",
    502: "Bad Gateway",
    503: "Service Unavailable",
    595: "Connection refused",
    596: "Broken pipe",
    597: "Connection reset by peer",
    598: "Connection timed out",
    599: "Connection reset by peer",
}


@dataclass
class _Rule:
    method: str | None = None
    path: str | None = None
    count: int | None = 1

    def matches(self, method: str, path: str, template: str | None) -> bool:
        if self.method and self.method.upper() != method:
            return False
        return self.path is None or self.path.rstrip("/") in (path, template)

    def consume(self) -> bool:
        """Use the rule once; False when it has none left."""
        if self.count is None:
            return True
        if self.count <= 0:
            return False
        self.count -= 1
        return True


R = TypeVar("R", bound=_Rule)


def _take(rules: list[R], method: str, path: str, template: str | None) -> R | None:
    """Use the first matching rule that has uses left; a rule used up leaves the list."""
    for rule in rules:
        if rule.matches(method, path, template) and rule.consume():
            if rule.count == 0:
                rules.remove(rule)
            return rule
    return None


@dataclass
class ErrorFault(_Rule):
    status: int = 500
    message: str | None = None

    @property
    def reason(self) -> str:
        return self.message or _DEFAULT_REASONS.get(self.status, "simulated error")


@dataclass
class DropFault(_Rule):
    # "before": the connection closes before the request is handled (no effect happens);
    # "after": the request is handled, then the connection closes before the answer is complete.
    when: Literal["before", "after"] = "before"


@dataclass
class MalformedFault(_Rule):
    # missing_field: a required field is removed; wrong_type: a required field gets a value of
    # another JSON type; not_json: the body is not JSON at all.
    mode: Literal["missing_field", "wrong_type", "not_json"] = "missing_field"


@dataclass(frozen=True)
class TaskOutcome:
    """How a task ends: "ok", "warnings" with a count, or "error" with PVE's exit status text."""

    kind: Literal["ok", "warnings", "error"]
    warnings: int = 0
    message: str = ""

    @classmethod
    def parse(cls, text: str) -> TaskOutcome:
        """ "ok", "warnings", "warnings:3", "error:some text" (any other text is an error message)."""
        head, _, rest = text.partition(":")
        if text == "ok":
            return cls("ok")
        if head == "warnings":
            return cls("warnings", warnings=int(rest or 1))
        if head == "error":
            return cls("error", message=rest or "simulated failure")
        return cls("error", message=text)


@dataclass
class SlowFault(_Rule):
    """Matching calls are answered this much later (a slow endpoint: the task log on a busy node, say)."""

    seconds: float = 0.0


@dataclass
class TaskRule:
    type: str | None = None  # PVE task type: qmstart, vzcreate, qmsnapshot, ...
    vmid: int | None = None
    duration: float | None = None  # seconds
    outcome: str | None = None  # see TaskOutcome.parse
    count: int | None = None
    #: epoch seconds at which matching tasks end, however late each started (a burst of ends); wins over duration
    ends_at: float | None = None


@dataclass
class Faults:
    """The fault rules of one simulator. Tests change them in-process; other processes via /_sim/faults."""

    latency: float = 0.0  # seconds added to every API answer
    error_rate: float = 0.0  # share of API calls answered with error_status
    error_status: int = 500
    errors: list[ErrorFault] = field(default_factory=list)
    drops: list[DropFault] = field(default_factory=list)
    malformed: list[MalformedFault] = field(default_factory=list)
    slow: list[SlowFault] = field(default_factory=list)
    tasks: list[TaskRule] = field(default_factory=list)
    seed: int | None = None
    rng: random.Random = field(default_factory=random.Random, repr=False)

    def __post_init__(self) -> None:
        self.rng.seed(self.seed)

    def add_error(
        self,
        status: int = 500,
        *,
        message: str | None = None,
        method: str | None = None,
        path: str | None = None,
        count: int | None = 1,
    ) -> ErrorFault:
        """Answer the next `count` matching calls with this status instead of handling them."""
        rule = ErrorFault(method=method, path=path, count=count, status=status, message=message)
        self.errors.append(rule)
        return rule

    def add_drop(
        self,
        *,
        when: Literal["before", "after"] = "before",
        method: str | None = None,
        path: str | None = None,
        count: int | None = 1,
    ) -> DropFault:
        """Close the connection of the next `count` matching calls (see DropFault.when)."""
        rule = DropFault(method=method, path=path, count=count, when=when)
        self.drops.append(rule)
        return rule

    def add_malformed(
        self,
        path: str,
        *,
        mode: Literal["missing_field", "wrong_type", "not_json"] = "missing_field",
        method: str | None = "GET",
        count: int | None = 1,
    ) -> MalformedFault:
        """Spoil the body of the next `count` answers of an endpoint."""
        rule = MalformedFault(method=method, path=path, count=count, mode=mode)
        self.malformed.append(rule)
        return rule

    def add_task_rule(
        self,
        *,
        type: str | None = None,
        vmid: int | None = None,
        duration: float | None = None,
        outcome: str | None = None,
        count: int | None = None,
        ends_at: float | None = None,
    ) -> TaskRule:
        """Set how long matching tasks take (or when they end) and how they end."""
        if outcome is not None:
            TaskOutcome.parse(outcome)
        rule = TaskRule(type=type, vmid=vmid, duration=duration, outcome=outcome, count=count, ends_at=ends_at)
        self.tasks.append(rule)
        return rule

    def add_slow(
        self, seconds: float, *, method: str | None = None, path: str | None = None, count: int | None = None
    ) -> SlowFault:
        """Answer matching calls `seconds` later (`path`: a path or its schema template)."""
        rule = SlowFault(method=method, path=path, count=count, seconds=seconds)
        self.slow.append(rule)
        return rule

    def delay(self, method: str, path: str, template: str | None) -> float:
        """How much later than usual this call is answered: the global latency and a slow rule's."""
        rule = _take(self.slow, method, path, template)
        return self.latency + (rule.seconds if rule is not None else 0.0)

    def clear(self) -> None:
        self.latency = 0.0
        self.slow.clear()
        self.error_rate = 0.0
        self.error_status = 500
        self.errors.clear()
        self.drops.clear()
        self.malformed.clear()
        self.tasks.clear()

    def take_error(self, method: str, path: str, template: str | None) -> ErrorFault | None:
        rule = _take(self.errors, method, path, template)
        if rule is None and self.error_rate and self.rng.random() < self.error_rate:
            return ErrorFault(status=self.error_status, count=None)
        return rule

    def take_drop(self, method: str, path: str, template: str | None) -> DropFault | None:
        return _take(self.drops, method, path, template)

    def take_malformed(self, method: str, path: str, template: str | None) -> MalformedFault | None:
        return _take(self.malformed, method, path, template)

    def task_plan(self, task_type: str, vmid: int | None) -> tuple[float | None, TaskOutcome | None]:
        """The duration and outcome the first matching task rule sets (None: the defaults)."""
        for rule in self.tasks:
            if rule.type not in (None, task_type) or rule.vmid not in (None, vmid):
                continue
            if rule.count is not None:
                if rule.count <= 0:
                    continue
                rule.count -= 1
                if rule.count == 0:
                    self.tasks.remove(rule)  # used up: a long-running simulator keeps no dead rules
            duration = rule.duration if rule.ends_at is None else max(0.0, rule.ends_at - time.time())
            return duration, TaskOutcome.parse(rule.outcome) if rule.outcome else None
        return None, None

    def update(self, data: dict[str, Any]) -> None:
        """Apply the JSON form of /_sim/faults: scalars replace, lists of rules are appended."""
        for key in ("latency", "error_rate"):
            if key in data:
                setattr(self, key, float(data[key]))
        if "error_status" in data:
            self.error_status = int(data["error_status"])
        for item in data.get("errors", []):
            self.add_error(**item)
        for item in data.get("drops", []):
            self.add_drop(**item)
        for item in data.get("malformed", []):
            self.add_malformed(**item)
        for item in data.get("tasks", []):
            self.add_task_rule(**item)
        for item in data.get("slow", []):
            self.add_slow(**item)

    def to_json(self) -> dict[str, Any]:
        return {
            "latency": self.latency,
            "error_rate": self.error_rate,
            "error_status": self.error_status,
            "errors": [asdict(rule) for rule in self.errors],
            "drops": [asdict(rule) for rule in self.drops],
            "malformed": [asdict(rule) for rule in self.malformed],
            "slow": [asdict(rule) for rule in self.slow],
            "tasks": [asdict(rule) for rule in self.tasks],
        }
