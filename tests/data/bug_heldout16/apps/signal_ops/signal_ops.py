"""Small numerical routines on numpy arrays: windowed means, row normalisation, integration, line fits, distances,
histograms and 8-bit scaling."""

from __future__ import annotations

import numpy as np


def moving_average(x: np.ndarray, window: int) -> np.ndarray:
    """Mean of every full window of `window` consecutive values: len(x) - window + 1 values."""
    c = np.cumsum(np.insert(np.asarray(x, dtype=float), 0, 0.0))
    return (c[window:] - c[:-window]) / window


def normalize_rows(m: np.ndarray) -> np.ndarray:
    """Each row scaled to unit Euclidean norm; all-zero rows stay zero."""
    m = np.asarray(m, dtype=float)
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    return np.divide(m, norms, out=np.zeros_like(m), where=norms > 0)


def trapezoid(y: np.ndarray, x: np.ndarray) -> float:
    """The integral of the samples y(x) by the trapezoidal rule (x increasing, not necessarily evenly spaced)."""
    y = np.asarray(y, dtype=float)
    x = np.asarray(x, dtype=float)
    return float(np.sum((x[1:] - x[:-1]) * (y[1:] + y[:-1]) / 2))


def fit_line(x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """Least-squares slope and intercept of y = slope * x + intercept."""
    design = np.column_stack([x, np.ones(len(x))])
    (slope, intercept), *_ = np.linalg.lstsq(design, np.asarray(y, dtype=float), rcond=None)
    return float(slope), float(intercept)


def pairwise_distances(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Euclidean distance between every row of a (n, d) and every row of b (m, d): an (n, m) array."""
    diff = a[:, None, :] - b[None, :, :]
    return np.sqrt((diff**2).sum(axis=-1))


def histogram_counts(values: np.ndarray, edges: np.ndarray) -> np.ndarray:
    """Counts per bin [edges[i], edges[i + 1]); the last bin also holds its right edge; values outside are ignored."""
    values = np.asarray(values, dtype=float)
    idx = np.searchsorted(edges, values, side="right") - 1
    idx[values == edges[-1]] = len(edges) - 2
    inside = (idx >= 0) & (idx < len(edges) - 1)
    return np.bincount(idx[inside], minlength=len(edges) - 1)


def to_uint8(img: np.ndarray) -> np.ndarray:
    """The array's range mapped linearly onto 0..255, rounded to the nearest integer, as uint8."""
    img = np.asarray(img, dtype=float)
    lo, hi = img.min(), img.max()
    return np.round((img - lo) * 255.0 / (hi - lo)).astype(np.uint8)


def zscore_columns(m: np.ndarray) -> np.ndarray:
    """Each column centred on its mean and divided by its (population) standard deviation."""
    m = np.asarray(m, dtype=float)
    return (m - m.mean(axis=0)) / m.std(axis=0)
