"""The few commands a simulated guest can run (for `pct exec` over SSH and the qemu guest agent).

Each takes the argv exactly as it arrived, so a test can show that hostile text such as
`; rm -rf /` or `$(id)` reaches the command as one literal argument.
"""

from __future__ import annotations

from dataclasses import dataclass

from pvesim.state import Guest

__all__ = ["PROGRAMS", "AgentExec", "CommandResult", "run_command"]

#: the programs a simulated guest has (run_command answers the others "command not found")
PROGRAMS = frozenset({"echo", "hostname", "cat", "id", "uname", "whoami", "pwd", "true", "false", "sleep"})

_OS_RELEASE = {
    "debian": 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nVERSION_ID="12"\n'
    'VERSION="12 (bookworm)"\nVERSION_CODENAME=bookworm\nID=debian\n',
    "ubuntu": 'PRETTY_NAME="Ubuntu 24.04.2 LTS"\nNAME="Ubuntu"\nVERSION_ID="24.04"\n'
    'VERSION="24.04.2 LTS (Noble Numbat)"\nVERSION_CODENAME=noble\nID=ubuntu\nID_LIKE=debian\n',
    "alpine": 'NAME="Alpine Linux"\nID=alpine\nVERSION_ID=3.21.2\nPRETTY_NAME="Alpine Linux v3.21"\n',
}
_KERNEL = "6.17.2-1-pve"


@dataclass(frozen=True)
class CommandResult:
    stdout: str
    stderr: str
    exit_status: int


@dataclass(frozen=True)
class AgentExec:
    """A process the guest agent started (guest-exec): its result, and when it ends (`sleep N` takes N s)."""

    vmid: int
    result: CommandResult
    done_at: float  # time.monotonic()


def _hostname(guest: Guest) -> str:
    return guest.config.get("hostname") or guest.config.get("name") or f"guest{guest.vmid}"


def _os_release(guest: Guest) -> str:
    ostype = guest.config.get("ostype", "debian")
    return _OS_RELEASE.get(ostype, _OS_RELEASE["debian"])


def _echo(args: list[str]) -> CommandResult:
    newline = True
    if args and args[0] == "-n":
        newline, args = False, args[1:]
    return CommandResult(" ".join(args) + ("\n" if newline else ""), "", 0)


def _cat(guest: Guest, args: list[str]) -> CommandResult:
    files = {"/etc/os-release": _os_release(guest), "/etc/hostname": _hostname(guest) + "\n"}
    out, err, status = [], [], 0
    for name in args:
        if name in files:
            out.append(files[name])
        else:
            err.append(f"cat: {name}: No such file or directory\n")
            status = 1
    return CommandResult("".join(out), "".join(err), status)


def _uname(guest: Guest, args: list[str]) -> CommandResult:
    if args == ["-a"]:
        build = "#1 SMP PREEMPT_DYNAMIC PMX 6.17.2-1 (2025-10-21T11:55Z)"
        text = f"Linux {_hostname(guest)} {_KERNEL} {build} x86_64 GNU/Linux"
    elif args == ["-r"]:
        text = _KERNEL
    elif args in ([], ["-s"]):
        text = "Linux"
    else:
        return CommandResult("", f"uname: invalid option -- '{' '.join(args)}'\n", 1)
    return CommandResult(text + "\n", "", 0)


def run_command(guest: Guest, argv: list[str]) -> CommandResult:
    """Run one argv in a guest: echo, hostname, cat, id, uname, whoami, pwd, true, false, sleep."""
    if not argv:
        return CommandResult("", "no command given\n", 1)
    name, args = argv[0], argv[1:]
    simple = {
        "hostname": CommandResult(_hostname(guest) + "\n", "", 0),
        "id": CommandResult("uid=0(root) gid=0(root) groups=0(root)\n", "", 0),
        "whoami": CommandResult("root\n", "", 0),
        "pwd": CommandResult("/root\n", "", 0),
        "true": CommandResult("", "", 0),
        "false": CommandResult("", "", 1),
        "sleep": CommandResult("", "", 0),  # the SSH endpoint waits the seconds before it answers
    }
    if name in simple:
        return simple[name]
    if name == "echo":
        return _echo(args)
    if name == "cat":
        return _cat(guest, args)
    if name == "uname":
        return _uname(guest, args)
    return CommandResult("", f"{name}: command not found\n", 127)
