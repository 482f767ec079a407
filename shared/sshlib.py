"""asyncssh, imported at one seam.

asyncssh reads cryptography's DSA classes while it imports, and cryptography 51 deprecates DSA
at attribute access: ten `CryptographyDeprecationWarning` lines on stderr at every start of the
server, a worker or pvesim, and a collection error under pytest's `error` filter. We use no DSA
key, and the user can do nothing about it. So this one warning class is ignored from asyncssh's
own modules for the import alone; any later warning, from asyncssh or not, still shows (a DSA key
in use warns as it should). Upstream: asyncssh touches `dsa.*` unconditionally at import (2.24.1).

Every module of ours imports asyncssh from here, never directly (tests/unit/test_sshlib.py).
"""

from __future__ import annotations

import warnings

from cryptography.utils import CryptographyDeprecationWarning

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", category=CryptographyDeprecationWarning, module=r"asyncssh(\.|$)")
    import asyncssh

__all__ = ["asyncssh"]
