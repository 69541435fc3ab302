import numpy as np
from numpy.testing import assert_allclose, assert_array_equal
from signal_ops import (
    fit_line,
    histogram_counts,
    moving_average,
    normalize_rows,
    pairwise_distances,
    to_uint8,
    trapezoid,
    zscore_columns,
)


def test_moving_average():
    x = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0])
    assert_allclose(moving_average(x, 3), [2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0])


def test_moving_average_of_ints():
    assert_allclose(moving_average([1, 1, 4, 4], 2), [1.0, 2.5, 4.0])


def test_normalize_rows():
    m = np.array([[3.0, 4.0], [0.0, 0.0], [1.0, 1.0]])
    expected = np.array([[0.6, 0.8], [0.0, 0.0], [np.sqrt(0.5), np.sqrt(0.5)]])
    assert_allclose(normalize_rows(m), expected)


def test_normalize_rows_unit_norms():
    rng = np.random.default_rng(7)
    m = rng.normal(size=(4, 3))
    assert_allclose(np.linalg.norm(normalize_rows(m), axis=1), np.ones(4))


def test_trapezoid_uneven():
    x = np.array([0.0, 1.0, 3.0])
    assert trapezoid(x**2, x) == 1.0 / 2 + (1.0 + 9.0) / 2 * 2


def test_fit_line():
    x = np.array([0.0, 1.0, 2.0, 3.0])
    slope, intercept = fit_line(x, 2.0 * x + 1.0)
    assert_allclose([slope, intercept], [2.0, 1.0], atol=1e-12)


def test_pairwise_distances():
    a = np.array([[0.0, 0.0], [3.0, 4.0]])
    b = np.array([[0.0, 0.0], [6.0, 8.0], [3.0, 0.0]])
    assert_allclose(pairwise_distances(a, b), [[0.0, 10.0, 3.0], [5.0, 5.0, 4.0]])


def test_pairwise_distances_square():
    a = np.array([[0.0, 0.0], [1.0, 0.0]])
    b = np.array([[0.0, 1.0], [1.0, 1.0]])
    assert_allclose(pairwise_distances(a, b), [[1.0, np.sqrt(2.0)], [np.sqrt(2.0), 1.0]])


def test_histogram_counts():
    edges = np.array([0.0, 1.0, 2.0, 3.0])
    values = np.array([0.0, 0.5, 1.0, 1.0, 2.5, 3.0, 3.5, -1.0])
    assert_array_equal(histogram_counts(values, edges), [2, 2, 2])


def test_to_uint8():
    img = np.array([[0.0, 0.5], [0.25, 1.0]])
    assert_array_equal(to_uint8(img), [[0, 128], [64, 255]])


def test_zscore_columns():
    m = np.array([[1.0, 10.0], [2.0, 20.0], [3.0, 60.0]])
    out = zscore_columns(m)
    assert_allclose(out.mean(axis=0), [0.0, 0.0], atol=1e-12)
    assert_allclose(out.std(axis=0), [1.0, 1.0])
