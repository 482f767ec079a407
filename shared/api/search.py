"""Ranked endpoints of the PVE API for a few words: what find_pve_api answers, offline, from the schema.

Each endpoint is a small document: its path's words (weighted most: "firewall", "rules",
"download-url"), its name in the schema ("create_rule"), its method's verbs ("create", "add"
for POST) and its description. A query is ranked by BM25 over them, with a few of an admin's
words mapped to PVE's ("vm" to qemu, "container" to lxc, "permission" to acl).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import cache

from shared.api.describe import first_sentence
from shared.pve.schema import Endpoint, SchemaVersion, load_schema

__all__ = ["Hit", "search", "summary_of", "words"]

_WORD = re.compile(r"[a-z0-9]+")
_VERBS = {
    "GET": ("get", "list", "read", "show", "status"),
    "POST": ("create", "add", "new", "start", "run"),
    "PUT": ("update", "set", "modify", "change", "edit"),
    "DELETE": ("delete", "remove", "destroy"),
}
#: an admin's words, and PVE's for the same thing
_SYNONYMS = {
    "guest": ("qemu", "lxc"),
    "permission": ("acl", "perm"),
    "privilege": ("acl", "perm"),
    "log": ("syslog", "journal"),
    "nic": ("net", "network", "config"),
    "interface": ("network", "iface"),
    "attach": ("config",),
    "iso": ("cdrom", "iso"),
    "bridge": ("network", "vmbr"),
    "ip": ("ipconfig", "address", "ipset", "net", "config"),
    "disk": ("disks", "storage"),
    "quorum": ("status",),
    "template": ("aplinfo", "vztmpl"),
}
#: words that are the same thing, on both sides: "VM" in a description is a qemu guest
_SAME = {"vm": "qemu", "vms": "qemu", "container": "lxc", "ct": "lxc"}
_STOP = frozenset(
    [
        "a",
        "an",
        "and",
        "by",
        "do",
        "for",
        "from",
        "how",
        "i",
        "in",
        "is",
        "it",
        "me",
        "my",
        "of",
        "on",
        "or",
        "the",
        "to",
        "what",
        "which",
        "with",
    ]
)
#: BM25's usual constants, and how much each field counts
_K1, _B = 1.2, 0.75
#: a bonus for the share of an endpoint's path words the query names: "list VMs" is /nodes/{node}/qemu
#: rather than a deeper path that also holds "qemu" ("nodes" names no subject: every node path has it)
_COVERAGE = 4.0
_NEUTRAL = frozenset({"node"})
#: a query that names no guest wants the node's or the cluster's endpoint before a guest's namesake
_GUEST_WORDS = frozenset({"qemu", "lxc", "guest", "vmid"})
_NOT_ASKED_GUEST = 0.6
_WEIGHTS = {"path": 3.0, "name": 2.0, "verb": 1.0, "text": 1.0, "param": 0.5}


def _stem(word: str) -> str:
    """A plural folded onto its singular, alike for queries and documents ("rules" and "rule", "storages")."""
    if len(word) <= 3 or word.endswith("ss"):
        return word
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("ses", "xes", "ches", "shes")):
        return word[:-2]
    return word.removesuffix("s")


def words(text: str) -> list[str]:
    found = (_SAME.get(w, w) for w in _WORD.findall(text.lower()) if w not in _STOP)
    return [_stem(w) for w in found]


def summary_of(endpoint: Endpoint, limit: int = 100) -> str:
    """The description's first sentence, shortened: what the endpoint does, in one line."""
    return first_sentence(endpoint.info.get("description"), limit)


@dataclass(frozen=True)
class _Document:
    endpoint: Endpoint
    fields: dict[str, Counter[str]]
    length: float


@dataclass(frozen=True)
class Hit:
    endpoint: Endpoint
    score: float


class _Index:
    def __init__(self, endpoints: list[Endpoint]) -> None:
        self.documents = [self._document(e) for e in endpoints]
        self.average = sum(d.length for d in self.documents) / max(len(self.documents), 1)
        seen: Counter[str] = Counter()
        for document in self.documents:
            seen.update({w for field in document.fields.values() for w in field})
        count = len(self.documents)
        self.idf = {w: math.log(1 + (count - n + 0.5) / (n + 0.5)) for w, n in seen.items()}

    @staticmethod
    def _document(endpoint: Endpoint) -> _Document:
        literal = re.sub(r"\{[^}]+\}", " ", endpoint.path)
        fields = {
            "path": Counter(words(literal)),
            "name": Counter(words(endpoint.name.replace("_", " "))),
            "verb": Counter(words(" ".join(_VERBS.get(endpoint.method, ())))),
            "text": Counter(words(summary_of(endpoint, 300))),
            # its parameters' names ("net[n]", "ipconfig[n]", "cdrom"): where a config endpoint is found
            "param": Counter(words(" ".join(n.removesuffix("[n]") for n in endpoint.parameters))),
        }
        length = sum(_WEIGHTS[name] * sum(field.values()) for name, field in fields.items())
        return _Document(endpoint, fields, length)

    def rank(self, query: str) -> list[Hit]:
        terms = self._terms(query)
        hits = []
        for document in self.documents:
            score = 0.0
            for term, weight in terms.items():
                frequency = sum(_WEIGHTS[name] * field[term] for name, field in document.fields.items())
                if frequency:
                    norm = _K1 * (1 - _B + _B * document.length / self.average)
                    score += weight * self.idf.get(term, 0.0) * frequency * (_K1 + 1) / (frequency + norm)
            if score > 0:
                path = set(document.fields["path"]) - _NEUTRAL
                if path:
                    score += _COVERAGE * sum(terms.get(w, 0.0) for w in path) / len(path)
                if "{vmid}" in document.endpoint.path and not _GUEST_WORDS & terms.keys():
                    score *= _NOT_ASKED_GUEST
                hits.append(Hit(document.endpoint, score))
        hits.sort(key=lambda h: (-h.score, len(h.endpoint.path), h.endpoint.path, h.endpoint.method))
        return hits

    @staticmethod
    def _terms(query: str) -> dict[str, float]:
        terms: dict[str, float] = {}
        for word in words(query):
            terms[word] = max(terms.get(word, 0.0), 1.0)
            for synonym in _SYNONYMS.get(word, ()):
                terms[_stem(synonym)] = max(terms.get(_stem(synonym), 0.0), 0.7)
        return terms


@cache
def _index(version: SchemaVersion) -> _Index:
    return _Index(load_schema(version).endpoints())


def search(query: str, version: SchemaVersion = "9.1") -> list[Hit]:
    """Every endpoint of the version's schema that shares a word with the query, best first."""
    return _index(version).rank(query)
