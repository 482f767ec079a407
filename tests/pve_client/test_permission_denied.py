"""A 403 names the missing privilege, the ACL path, the endpoint and the pveum line that grants it."""

from __future__ import annotations

import pytest

from shared.errors import PermissionDenied
from shared.privileges import parse_denial, suggest_role
from shared.pve.models import UPID, QemuStatus, StorageContentItem

from .answers import pve_error

START = "/nodes/{node}/qemu/{vmid}/status/start"
GUEST = {"node": "pve1", "vmid": 100}


async def test_403_names_privilege_path_endpoint_and_the_grant(make_client):
    client = make_client(lambda request: pve_error(403, "Permission check failed (/vms/100, VM.PowerMgmt)"))

    with pytest.raises(PermissionDenied) as caught:
        await client.post(START, UPID, path=GUEST)

    error = caught.value
    assert error.message == (
        "token root@pam!mcp lacks VM.PowerMgmt on /vms/100 (POST /nodes/{node}/qemu/{vmid}/status/start)"
    )
    assert error.details == {
        "privilege": "VM.PowerMgmt",
        "acl_path": "/vms/100",
        "endpoint": START,
        "method": "POST",
        "required": ["perm", "/vms/100", ["VM.PowerMgmt"]],
        "pve_message": "Permission check failed (/vms/100, VM.PowerMgmt)",
    }
    assert "pveum acl modify /vms/100 --tokens 'root@pam!mcp' --roles PVEVMUser" in error.hint
    assert str(error).startswith("PERMISSION_DENIED: token root@pam!mcp lacks VM.PowerMgmt on /vms/100")


async def test_403_without_details_in_pve_text_falls_back_to_the_schema(make_client):
    client = make_client(lambda request: pve_error(403, "Permission check failed"))

    with pytest.raises(PermissionDenied) as caught:
        await client.get("/nodes/{node}/qemu/{vmid}/status/current", QemuStatus, path=GUEST)

    assert caught.value.details["privilege"] == "VM.Audit"
    assert caught.value.details["acl_path"] == "/vms/100"
    assert "--roles PVEAuditor" in caught.value.hint


async def test_403_where_any_of_several_privileges_would_do_lists_them_all(make_client):
    message = "Permission check failed (/storage/local, Datastore.Audit|Datastore.AllocateSpace)"
    client = make_client(lambda request: pve_error(403, message))

    with pytest.raises(PermissionDenied) as caught:
        await client.get(
            "/nodes/{node}/storage/{storage}/content",
            list[StorageContentItem],
            path={"node": "pve1", "storage": "local"},
        )

    assert caught.value.details["privilege"] == ["Datastore.Audit", "Datastore.AllocateSpace"]
    assert caught.value.details["required"] == [
        "perm",
        "/storage/local",
        ["Datastore.Audit", "Datastore.AllocateSpace"],
        "any",
        1,
    ]
    assert "Datastore.Audit or Datastore.AllocateSpace on /storage/local" in caught.value.message


async def test_403_on_an_endpoint_open_to_all_users_keeps_pves_own_words(make_client):
    client = make_client(lambda request: pve_error(403, "Permission check failed (/vms/101, VM.Allocate)"))

    with pytest.raises(PermissionDenied) as caught:
        await client.post("/nodes/{node}/qemu", UPID, path={"node": "pve1"}, body={"vmid": 101})

    assert caught.value.details["acl_path"] == "/vms/101"
    assert "--roles PVEVMAdmin" in caught.value.hint
    assert "required" not in caught.value.details
    assert "VM.Allocate" in caught.value.details["description"]


async def test_403_with_a_privilege_only_administrator_holds_suggests_a_custom_role(make_client):
    client = make_client(lambda request: pve_error(403, "Permission check failed (/nodes/pve1, Sys.Modify)"))

    with pytest.raises(PermissionDenied) as caught:
        await client.get("/nodes/{node}/qemu/{vmid}/status/current", QemuStatus, path=GUEST)

    assert "pveum role add ProxmoxMcp --privs 'Sys.Modify'; then pveum acl modify" in caught.value.hint


@pytest.mark.parametrize(
    ("text", "path", "privileges"),
    [
        ("Permission check failed (/vms/100, VM.PowerMgmt)\n", "/vms/100", ("VM.PowerMgmt",)),
        ("Permission check failed (/, Sys.Audit)", "/", ("Sys.Audit",)),
        (
            "Permission check failed (/vms/100, VM.Snapshot|VM.Snapshot.Rollback)",
            "/vms/100",
            ("VM.Snapshot", "VM.Snapshot.Rollback"),
        ),
        (
            "Permission check failed (/sdn/zones/localnetwork/vmbr0, SDN.Use)",
            "/sdn/zones/localnetwork/vmbr0",
            ("SDN.Use",),
        ),
    ],
)
def test_pve_permission_text_gives_path_and_privileges(text, path, privileges):
    denial = parse_denial(text)

    assert denial is not None
    assert (denial.path, denial.privileges) == (path, privileges)


@pytest.mark.parametrize(
    ("privilege", "role"),
    [
        ("VM.Audit", "PVEAuditor"),
        ("VM.PowerMgmt", "PVEVMUser"),
        ("VM.Snapshot", "PVEVMAdmin"),
        ("Datastore.AllocateSpace", "PVEDatastoreUser"),
        ("Sys.Modify", None),
    ],
)
def test_smallest_builtin_role_is_suggested(privilege, role):
    assert suggest_role(privilege) == role
