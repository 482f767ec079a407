"""Every error an agent can see, as one hierarchy with stable codes.

    ProxmoxMcpError                 code, message, hint, details
    ├── InvalidInput                VALIDATION_ERROR       bad input; nothing was enqueued
    ├── ConfirmationRequired        CONFIRMATION_REQUIRED  a Restricted/Critical tool needs a yes
    ├── DangerDisabled              DANGER_DISABLED        Critical tools are off (PROXMOX_ALLOW_DANGER)
    ├── FeatureDisabled             FEATURE_DISABLED       a tool that needs configuration (SSH) has none
    ├── SshFailed                   SSH_FAILED             the SSH connection to a node failed or was refused
    ├── Conflict                    CONFLICT               the guest's state forbids the action
    ├── NotFound                    NOT_FOUND              guest, node, storage, job or task unknown
    ├── JobStoreUnavailable         JOB_STORE_UNAVAILABLE  Redis cannot be reached
    ├── WaitTimeout                 TIMEOUT                a wait ended first; the job goes on
    ├── JobCancelled                CANCELLED              cancel_task ended the job before its answer
    ├── OutOfScope                  PERMISSION_DENIED      the caller's scopes do not cover the tool or guest
    ├── JobRefused                  JOB_REFUSED            a job unsigned, altered, expired or replayed
    ├── InternalError               INTERNAL_ERROR         a bug on our side (details stay in our log)
    └── PveError                                           what PVE said, or failed to say
        ├── AuthenticationFailed    AUTHENTICATION_FAILED  401: token unknown or secret wrong
        ├── PermissionDenied        PERMISSION_DENIED      403: names the privilege and ACL path
        ├── RequestRejected         PVE_REQUEST_REJECTED   400/500 with PVE's reason
        ├── TaskFailed              PVE_TASK_FAILED        the PVE task ended with an error
        ├── ContractDivergence      API_CONTRACT_DIVERGENCE the response does not fit our model
        └── TransientPveError                              worth retrying later
            ├── Locked              LOCKED                 the guest is locked by another task
            ├── NodeUnreachable     NODE_UNREACHABLE       595-599 from the API for a node
            ├── PveUnreachable      PVE_UNREACHABLE        the API endpoint itself is unreachable
            └── DispatchUncertain   DISPATCH_UNCERTAIN     a write may have reached PVE; reconcile, never resend

Errors cross the queue as plain fields (code, message, hint, details) in the job record and
are rebuilt on the other side with `error_from_fields`, so the frontend raises the same class
the worker did. Retry decisions read `except TransientPveError`, never status numbers.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import ValidationError

__all__ = [
    "AuthenticationFailed",
    "ConfirmationRequired",
    "Conflict",
    "ContractDivergence",
    "DangerDisabled",
    "DispatchUncertain",
    "FeatureDisabled",
    "InternalError",
    "InvalidInput",
    "JobCancelled",
    "JobRefused",
    "JobStoreUnavailable",
    "Locked",
    "NodeUnreachable",
    "NotFound",
    "OutOfScope",
    "PermissionDenied",
    "ProxmoxMcpError",
    "PveError",
    "PveUnreachable",
    "RequestRejected",
    "SshFailed",
    "TaskFailed",
    "TransientPveError",
    "UnknownCluster",
    "WaitTimeout",
    "error_codes",
    "error_from_fields",
    "validation_message",
]


class ProxmoxMcpError(Exception):
    """Base of every error with a stable code, a one-line message and a hint for the next move."""

    code: ClassVar[str] = "INTERNAL_ERROR"
    default_hint: ClassVar[str] = "Check get_mcp_logs for details."

    def __init__(self, message: str, *, hint: str | None = None, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint or self.default_hint
        self.details: dict[str, Any] = details or {}

    def __str__(self) -> str:
        """`CODE: message. Next: hint`, the line an agent reads."""
        message = self.message.rstrip(".")
        return f"{self.code}: {message}. Next: {self.hint}"

    def fields(self) -> dict[str, Any]:
        """The error as plain data, for the job record and for logs."""
        return {"code": self.code, "message": self.message, "hint": self.hint, "details": self.details}


class InvalidInput(ProxmoxMcpError):
    """The input breaks a rule PVE or our safety policy sets; nothing was enqueued."""

    code = "VALIDATION_ERROR"
    default_hint = "Correct the named parameter and call the tool again."


class UnknownCluster(ProxmoxMcpError):
    """A call names a cluster the server has not configured (PROXMOX_CLUSTERS); nothing was enqueued."""

    code = "UNKNOWN_CLUSTER"
    default_hint = "Pass cluster as one of the names list_clusters shows."


class ConfirmationRequired(ProxmoxMcpError):
    """A Restricted or Critical tool ran without confirmation; `details['plan']` says what would happen."""

    code = "CONFIRMATION_REQUIRED"
    default_hint = "Review the plan with the user, then call again with confirmed=true."


class DangerDisabled(ProxmoxMcpError):
    """A Critical tool was called while PROXMOX_ALLOW_DANGER is not true."""

    code = "DANGER_DISABLED"
    default_hint = "An administrator must set PROXMOX_ALLOW_DANGER=true for the server and its workers."


class FeatureDisabled(ProxmoxMcpError):
    """The tool needs configuration that is missing (for example SSH for container commands)."""

    code = "FEATURE_DISABLED"
    default_hint = "An administrator must configure it; see the README's configuration section."


class SshFailed(ProxmoxMcpError):
    """Reaching a node over SSH failed: unreachable, host key not in known_hosts, or our key refused."""

    code = "SSH_FAILED"
    default_hint = "Check PROXMOX_SSH_HOSTS/PORT, the node's line in PROXMOX_SSH_KNOWN_HOSTS and PROXMOX_SSH_KEY."


class Conflict(ProxmoxMcpError):
    """The guest's current state forbids the action (running, already exists, ...)."""

    code = "CONFLICT"
    default_hint = "Check the guest's state with get_instance_config or list_vms, then decide."


class NotFound(ProxmoxMcpError):
    """A node, guest, storage, snapshot, job or task does not exist."""

    code = "NOT_FOUND"
    default_hint = "List what exists (list_nodes, list_vms, list_lxc_containers, list_storage) and use one of those."


class JobStoreUnavailable(ProxmoxMcpError):
    """Redis, which holds the queue and the job store, cannot be reached."""

    code = "JOB_STORE_UNAVAILABLE"
    default_hint = "Check that Redis runs and REDIS_URL points at it; then call again."


class WaitTimeout(ProxmoxMcpError):
    """A wait ended before the job did; the job and its PVE task go on."""

    code = "TIMEOUT"
    default_hint = "Follow the job with get_task_status and get_task_log."


class JobCancelled(ProxmoxMcpError):
    """The job a tool call waited for was ended by cancel_task before it had an answer."""

    code = "CANCELLED"
    default_hint = "Call the tool again if you still need the answer."


class OutOfScope(ProxmoxMcpError):
    """The caller's scopes (shared.caller) do not cover this tool or guest; nothing was queued or sent."""

    code = "PERMISSION_DENIED"
    default_hint = "Ask the server's administrator for a token with that scope (proxmox-mcp token add --scope ...)."


class JobRefused(ProxmoxMcpError):
    """A worker refused a job whose signature is missing or wrong, or that expired or ran before; nothing was sent."""

    code = "JOB_REFUSED"
    default_hint = "Submit jobs through the MCP server, whose PROXMOX_MCP_JOB_KEY the workers share."


class InternalError(ProxmoxMcpError):
    """Something failed on our side; the traceback stays in our own log."""

    code = "INTERNAL_ERROR"


class PveError(ProxmoxMcpError):
    """Base of errors that come from the PVE API or its tasks."""

    code = "PVE_ERROR"
    default_hint = "Check the message; get_mcp_logs has the request that failed."


class AuthenticationFailed(PveError):
    """PVE answered 401: the API token is unknown, expired or its secret is wrong."""

    code = "AUTHENTICATION_FAILED"
    default_hint = "Check PROXMOX_TOKEN_NAME (user@realm!tokenid) and PROXMOX_TOKEN_VALUE."


class PermissionDenied(PveError):
    """PVE answered 403; `details` names the missing `privilege` and ACL `path` when known."""

    code = "PERMISSION_DENIED"
    default_hint = "Grant the token's user (and the token, if privilege-separated) the privilege on that path."


class RequestRejected(PveError):
    """PVE refused the request (400 parameter errors, or a 500 with its reason)."""

    code = "PVE_REQUEST_REJECTED"
    default_hint = "Read PVE's reason; correct the request or the guest's state and call again."


class TaskFailed(PveError):
    """The PVE task ended with an error; `details` has the exit status and the log tail."""

    code = "PVE_TASK_FAILED"
    default_hint = "Read the task log with get_task_log for the full story."


class ContractDivergence(PveError):
    """A PVE response did not fit the shape we rely on; `details` names the path and field."""

    code = "API_CONTRACT_DIVERGENCE"
    default_hint = "This PVE version answers differently than expected; report it with the path and field."


class TransientPveError(PveError):
    """A failure that may pass on its own; callers retry with backoff before reporting it."""

    code = "PVE_TRANSIENT_ERROR"
    default_hint = "Call again in a little while."


class Locked(TransientPveError):
    """The guest is locked by another task (PVE's 'VM is locked' / "can't lock file")."""

    code = "LOCKED"
    default_hint = "Another task holds the guest; wait for it (get_task_status) and call again."


class NodeUnreachable(TransientPveError):
    """The API answered 595-599 for a node: the node is offline or the cluster cannot reach it."""

    code = "NODE_UNREACHABLE"
    default_hint = "Check the node with list_nodes; call again once it is online."


class PveUnreachable(TransientPveError):
    """The PVE API endpoint itself could not be reached (connection, TLS, timeout)."""

    code = "PVE_UNREACHABLE"
    default_hint = "Check PROXMOX_URL, the network and TLS settings (PROXMOX_VERIFY_SSL, PROXMOX_CA_BUNDLE)."


class DispatchUncertain(TransientPveError):
    """A POST/PUT/DELETE failed after it may have reached PVE; whether PVE acted is unknown.

    Retrying means reconciling first (look for the task or the effect), never sending again blindly.
    """

    code = "DISPATCH_UNCERTAIN"
    default_hint = "The request may have taken effect; check with get_task_status before doing it again."


def _all_subclasses(cls: type[ProxmoxMcpError]) -> list[type[ProxmoxMcpError]]:
    found: list[type[ProxmoxMcpError]] = [cls]
    for sub in cls.__subclasses__():
        found.extend(_all_subclasses(sub))
    return found


#: a code two classes share (PERMISSION_DENIED: ours, PVE's) is rebuilt as the last, PVE's; the record keeps the hint
_BY_CODE: dict[str, type[ProxmoxMcpError]] = {cls.code: cls for cls in _all_subclasses(ProxmoxMcpError)}


def error_codes() -> frozenset[str]:
    """Every stable code an agent can see."""
    return frozenset(_BY_CODE)


def error_from_fields(
    code: str, message: str, hint: str | None = None, details: dict[str, Any] | None = None
) -> ProxmoxMcpError:
    """Rebuild an error from the fields a job record stores; an unknown code becomes InternalError."""
    cls = _BY_CODE.get(code, InternalError)
    return cls(message, hint=hint, details=details)


def validation_message(exc: ValidationError) -> str:
    """The first problem of a ValidationError as `field: message`, without echoing the value."""
    first = exc.errors(include_input=False, include_url=False)[0]
    where = ".".join(str(part) for part in first["loc"]) or "payload"
    return f"{where}: {first['msg']}"
