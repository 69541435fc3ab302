"""What an episode's model calls cost when the provider caches prompt prefixes.

Each call is the list of messages exactly as sent to the model (OpenAI-style dicts; content a string or a list of
parts, parts possibly marked with Anthropic's `cache_control`) and the text it answered. The messages are serialized
as a chat template would (a role header `user:\\n`, then each content part) and tokenized with cl100k_base from
litellm's wheel (nothing is downloaded); cache hits are computed on those token sequences:

- OpenAI (automatic): cached = the longest token prefix shared with ANY earlier call of the episode, if >= 1,024
  tokens, in 128-token increments (rounded down). Computed exactly with a hash chain over 128-token chunks: a prefix of
  k*128 tokens is shared iff the chain hash at chunk k was seen before.
- Anthropic (explicit): only prefixes ending at a `cache_control` breakpoint (at most 4 per request) are written to the
  cache, if >= 1,024 tokens (Sonnet's minimum). At each breakpoint the cache is looked up at that block boundary and
  up to 19 content blocks before it (Anthropic's ~20-block lookback): the longest prefix previously written and
  identical now is read (10% of the input price); the tokens from there to the last cacheable breakpoint are
  written (125%); the rest is plain input. Blocks are content parts (a string content is one block).

Prices come from litellm's bundled cost map (`LITELLM_LOCAL_MODEL_COST_MAP=True`), or are synthetic ("cached at
10%": 1 per input token, the given fraction per cached token, i.e. costs in input-token equivalents).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

import numpy as np

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

Rule = Literal["openai", "anthropic"]
OPENAI_MIN, OPENAI_STEP = 1024, 128
ANTHROPIC_MIN, ANTHROPIC_MAX_BREAKPOINTS, ANTHROPIC_LOOKBACK = 1024, 4, 20


# ---- tokens


@lru_cache(maxsize=1)
def _encoding() -> Any:
    from litellm.litellm_core_utils.default_encoding import encoding  # cl100k_base shipped inside litellm's wheel

    return encoding


@lru_cache(maxsize=200_000)
def encode(text: str) -> tuple[int, ...]:
    return tuple(_encoding().encode(text, disallowed_special=()))


@lru_cache(maxsize=64)
def _header(role: str) -> tuple[int, ...]:
    return encode(f"{role}:\n")


@dataclass(frozen=True)
class Block:
    """One content block as sent: its tokens (the role header `user:\\n` before a message's first block), their hash,
    and whether a `cache_control` breakpoint closes it."""

    tokens: np.ndarray
    digest: bytes
    breakpoint: bool


@lru_cache(maxsize=200_000)
def _block(role: str | None, text: str) -> tuple[np.ndarray, bytes]:
    """A block's tokens (with the role header when it opens a message) and their hash, computed once per text."""
    tokens = np.asarray((_header(role) if role is not None else ()) + encode(text), dtype=np.int32)
    return tokens, hashlib.blake2b(tokens.tobytes(), digest_size=16).digest()


def blocks(messages: Sequence[dict]) -> list[Block]:
    """The canonical serialization of a request, block by block."""
    out: list[Block] = []
    for message in messages:
        content = message.get("content")
        parts: list[tuple[str, bool]] = []
        if isinstance(content, list):
            for part in content:
                text = part.get("text") if part.get("type", "text") == "text" else json.dumps(part, sort_keys=True)
                parts.append((text or "", "cache_control" in part))
        else:
            parts.append((content or "", False))
        if message.get("tool_calls"):
            parts.append((json.dumps(message["tool_calls"], sort_keys=True), False))
        if "cache_control" in message:  # upstream marks a tool message itself, not its part
            parts[-1] = (parts[-1][0], True)
        for i, (text, marked) in enumerate(parts):
            tokens, digest = _block(str(message.get("role", "")) if i == 0 else None, text)
            out.append(Block(tokens, digest, marked))
    return out


@dataclass
class Request:
    """A call's token sequence with what the caching rules need: block boundaries, breakpoints and prefix hashes."""

    tokens: np.ndarray
    ends: list[int]  # token offset after each block
    block_chain: list[bytes]  # hash of the prefix up to each block's end
    chunk_chain: list[bytes]  # hash of the prefix up to each full 128-token chunk's end
    breakpoints: list[int]  # indices of the blocks a breakpoint closes

    @property
    def n(self) -> int:
        return int(self.tokens.size)


def _chain(previous: bytes, data: bytes) -> bytes:
    return hashlib.blake2b(previous + data, digest_size=16).digest()


def request(messages: Sequence[dict]) -> Request:
    bs = blocks(messages)
    tokens = np.concatenate([b.tokens for b in bs]) if bs else np.zeros(0, dtype=np.int32)
    ends, block_chain, offset, h = [], [], 0, b""
    for b in bs:
        offset += b.tokens.size
        ends.append(offset)
        h = _chain(h, b.digest)
        block_chain.append(h)
    raw = tokens.tobytes()
    step = OPENAI_STEP * tokens.itemsize
    chunk_chain, h = [], b""
    for k in range(tokens.size // OPENAI_STEP):
        h = _chain(h, raw[k * step : (k + 1) * step])
        chunk_chain.append(h)
    return Request(tokens, ends, block_chain, chunk_chain, [i for i, b in enumerate(bs) if b.breakpoint])


# ---- prices


@dataclass(frozen=True)
class Price:
    """Per-token prices and the caching rule of one model (or a synthetic 'cached at X%')."""

    name: str
    rule: Rule
    input: float
    cache_read: float
    cache_write: float
    output: float

    @classmethod
    def of(cls, model: str, rule: Rule | None = None) -> Price:
        """From litellm's bundled cost map; the rule from the provider (anthropic for Claude, openai otherwise)."""
        import litellm

        entry = litellm.model_cost.get(model)
        if entry is None:
            raise KeyError(f"{model} is not in litellm's bundled cost map")
        provider = entry.get("litellm_provider", "")
        rule = rule or ("anthropic" if provider == "anthropic" or "claude" in model else "openai")
        inp = float(entry["input_cost_per_token"])
        read = entry.get("cache_read_input_token_cost")
        write = entry.get("cache_creation_input_token_cost")
        return cls(
            name=model,
            rule=rule,
            input=inp,
            cache_read=float(read) if read is not None else inp,
            cache_write=float(write) if write is not None else inp,
            output=float(entry["output_cost_per_token"]),
        )

    @classmethod
    def cached_at(cls, fraction: float, rule: Rule = "openai") -> Price:
        """Input-token equivalents: 1 per input token, `fraction` per cached one (writes at 1.25 for Anthropic)."""
        return cls(f"cached@{fraction:.0%}", rule, 1.0, fraction, 1.25 if rule == "anthropic" else 1.0, 0.0)


# ---- the rules


@dataclass
class CallCost:
    input: int
    cached: int  # read from the cache
    written: int  # written to the cache (Anthropic)
    output: int
    input_cost: float
    output_cost: float

    @property
    def uncached(self) -> int:
        return self.input - self.cached - self.written

    @property
    def cost(self) -> float:
        return self.input_cost + self.output_cost


@dataclass
class Totals:
    calls: int = 0
    input: int = 0
    cached: int = 0
    written: int = 0
    uncached: int = 0
    output: int = 0
    input_cost: float = 0.0
    output_cost: float = 0.0

    @property
    def cost(self) -> float:
        return self.input_cost + self.output_cost

    @classmethod
    def of(cls, costs: Iterable[CallCost]) -> Totals:
        t = cls()
        for c in costs:
            t.calls += 1
            t.input += c.input
            t.cached += c.cached
            t.written += c.written
            t.uncached += c.uncached
            t.output += c.output
            t.input_cost += c.input_cost
            t.output_cost += c.output_cost
        return t


@dataclass
class OpenAICache:
    """Automatic prefix caching: every earlier request's prefixes are available."""

    seen: set[bytes] = field(default_factory=set)

    def lookup(self, req: Request) -> tuple[int, int]:
        """(cached, written) tokens of this request; then remembers its prefixes."""
        chunks = 0
        for h in req.chunk_chain:  # chains are prefix-closed: the first miss ends the shared prefix
            if h not in self.seen:
                break
            chunks += 1
        self.seen.update(req.chunk_chain)
        cached = chunks * OPENAI_STEP
        return (cached if cached >= OPENAI_MIN else 0), 0


@dataclass
class AnthropicCache:
    """Explicit breakpoints: entries are written at breakpoints, read at (or up to 19 blocks before) a breakpoint."""

    written: set[bytes] = field(default_factory=set)
    minimum: int = ANTHROPIC_MIN

    def lookup(self, req: Request) -> tuple[int, int]:
        if len(req.breakpoints) > ANTHROPIC_MAX_BREAKPOINTS:
            raise ValueError(
                f"{len(req.breakpoints)} cache_control breakpoints in one request (Anthropic accepts at most "
                f"{ANTHROPIC_MAX_BREAKPOINTS})"
            )
        read = 0
        for b in req.breakpoints:
            for i in range(b, max(-1, b - ANTHROPIC_LOOKBACK), -1):
                if req.block_chain[i] in self.written:
                    read = max(read, req.ends[i])
                    break
        cacheable = [b for b in req.breakpoints if req.ends[b] >= self.minimum]
        last = max((req.ends[b] for b in cacheable), default=0)
        self.written.update(req.block_chain[b] for b in cacheable)
        return read, max(0, last - read)


def price_calls(
    requests: Sequence[Request], outputs: Sequence[int], price: Price, cache: OpenAICache | AnthropicCache | None = None
) -> list[CallCost]:
    """Per-call tokens and cost of an episode's requests in order (`outputs`: billed output tokens per call)."""
    if cache is None:
        cache = AnthropicCache() if price.rule == "anthropic" else OpenAICache()
    out = []
    for req, n_out in zip(requests, outputs, strict=True):
        cached, written = cache.lookup(req)
        uncached = req.n - cached - written
        input_cost = cached * price.cache_read + written * price.cache_write + uncached * price.input
        out.append(CallCost(req.n, cached, written, n_out, input_cost, n_out * price.output))
    return out


@dataclass
class Call:
    """One model call as captured: the messages exactly as sent, the answer's text, the step it belongs to."""

    messages: list[dict]
    output: str
    step: int = 0


def output_tokens(calls: Sequence[Call], reasoning: int = 0, fixed: int | None = None) -> list[int]:
    """Billed output per call: the answer's own tokens (or `fixed`) plus `reasoning` tokens of reasoning."""
    return [(len(encode(c.output)) if fixed is None else fixed) + reasoning for c in calls]


def common_prefix(a: Request, b: Request) -> int:
    """Tokens two requests share from the start (exact, not rounded)."""
    n = min(a.n, b.n)
    differ = np.flatnonzero(a.tokens[:n] != b.tokens[:n])
    return int(differ[0]) if differ.size else n


def text_at(req: Request, offset: int, tokens: int = 24) -> str:
    """The request's text from a token offset on (to show where a prefix breaks)."""
    return str(_encoding().decode(req.tokens[offset : offset + tokens].tolist()))


def without_cache_control(messages: list[dict]) -> list[dict]:
    """The messages with every `cache_control` marker removed (content parts kept)."""
    out = []
    for m in messages:
        m = {k: v for k, v in m.items() if k != "cache_control"}
        if isinstance(m.get("content"), list):
            m["content"] = [{k: v for k, v in part.items() if k != "cache_control"} for part in m["content"]]
        out.append(m)
    return out


def with_upstream_cache_control(messages: list[dict]) -> list[dict]:
    """The messages as upstream's LitellmModel sends them with `set_cache_control: default_end` (which `get_model`
    selects for every Claude/Anthropic model name unless the model config sets it): one breakpoint on the last message,
    every other `cache_control` cleared."""
    from minisweagent.models.utils.cache_control import set_cache_control

    return set_cache_control(messages, mode="default_end")
