"""Access reads: effective permissions, as PVE computes them, explained."""

from __future__ import annotations

from shared.operations.access import GET_PERMISSIONS, PermissionsParams, PermissionsResult
from shared.privileges import CUSTOM_ROLE, held_at, held_below, suggest_role
from shared.pve.models import TokenPermissions
from workers.registry import handles
from workers.runtime import JobContext

__all__ = ["get_permissions"]


def _grant(subject: str, path: str, privilege: str) -> str:
    role = suggest_role(privilege)
    who = f"--tokens '{subject}'" if "!" in subject else f"--users '{subject}'"
    if role is None:
        return (
            f"pveum role add {CUSTOM_ROLE} --privs '{privilege}'; pveum acl modify {path} {who} --roles {CUSTOM_ROLE}"
        )
    return f"pveum acl modify {path} {who} --roles {role}"


@handles(GET_PERMISSIONS)
async def get_permissions(job: JobContext, params: PermissionsParams) -> PermissionsResult:
    query = {"userid": params.userid} if params.userid is not None else None
    # the whole map, not `path=`: it says where each privilege comes from, and what is held below
    permissions = (await job.app.pve.get("/access/permissions", TokenPermissions, query=query)).root
    subject = params.userid or job.app.settings.proxmox_token_name or "this server's token"
    path = "/" + params.path.strip("/")
    held = held_at(path, permissions)
    result = PermissionsResult(subject=subject, path=path, privileges=held)
    if params.privilege is None:
        return result
    has = params.privilege in held
    return result.model_copy(
        update={
            "privilege": params.privilege,
            "held": has,
            "held_below": [] if has else list(held_below(path, params.privilege, permissions)),
            "grant": None if has else _grant(subject, path, params.privilege),
        }
    )
