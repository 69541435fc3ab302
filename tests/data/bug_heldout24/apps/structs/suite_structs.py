from __future__ import annotations

from dataclasses import dataclass

import pytest
from structs import EmptyQueueError, PriorityQueue, SortedList, Trie, UnionFind


@dataclass(frozen=True)
class Job:
    """An item that can be hashed but not ordered."""

    name: str


def words() -> Trie:
    t = Trie()
    for i, word in enumerate(["car", "cart", "carbon", "cat", "dog", "do"]):
        t[word] = i
    return t


def test_trie_get_and_len() -> None:
    t = words()
    assert (t["cart"], t["do"]) == (1, 5)
    assert len(t) == 6
    assert "ca" not in t
    assert "carbon" in t


def test_trie_overwrite_keeps_len() -> None:
    t = words()
    t["cat"] = 99
    assert t["cat"] == 99
    assert len(t) == 6


def test_trie_missing_word() -> None:
    with pytest.raises(KeyError, match="'ca'"):
        words()["ca"]


def test_trie_starts_with() -> None:
    assert words().starts_with("car") == ["car", "carbon", "cart"]
    assert words().starts_with("d") == ["do", "dog"]


def test_trie_starts_with_nothing() -> None:
    t = words()
    assert t.starts_with("x") == []
    assert t.starts_with("cab") == []
    assert "cab" not in t


def test_trie_all_words_sorted() -> None:
    t = Trie()
    for word in ["zeta", "alpha", "mu", "al"]:
        t[word] = None
    assert t.starts_with("") == ["al", "alpha", "mu", "zeta"]


def test_trie_delete_prunes() -> None:
    t = words()
    del t["carbon"]
    assert t.starts_with("car") == ["car", "cart"]
    del t["dog"]
    assert t.starts_with("d") == ["do"]
    assert len(t) == 4


def test_trie_delete_prefix_word_keeps_longer() -> None:
    t = words()
    del t["car"]
    assert "car" not in t
    assert t.starts_with("car") == ["carbon", "cart"]


def test_trie_delete_missing() -> None:
    with pytest.raises(KeyError):
        del words()["ca"]


def test_trie_longest_prefix() -> None:
    t = words()
    assert t.longest_prefix("cartography") == "cart"
    assert t.longest_prefix("doing") == "do"
    assert t.longest_prefix("carb") == "car"


def test_trie_longest_prefix_none() -> None:
    with pytest.raises(KeyError):
        words().longest_prefix("cobra")


def test_sorted_list_order_and_count() -> None:
    s = SortedList([5, 1, 4, 1, 3])
    assert list(s) == [1, 1, 3, 4, 5]
    assert (s.count(1), s.count(2)) == (2, 0)
    assert (s[0], s[-1]) == (1, 5)


def test_sorted_list_stable_for_equal_keys() -> None:
    s = SortedList(["pear", "fig", "plum", "kiwi", "apple"], key=len)
    assert list(s) == ["fig", "pear", "plum", "kiwi", "apple"]


def test_sorted_list_remove() -> None:
    s = SortedList([3, 1, 2, 3])
    s.remove(3)
    s.remove(1)
    assert list(s) == [2, 3]
    with pytest.raises(ValueError, match="7 not in list"):
        s.remove(7)


def test_sorted_list_remove_by_key() -> None:
    s = SortedList(["bb", "aa", "cc"], key=len)
    s.remove("cc")
    assert list(s) == ["bb", "aa"]


def test_sorted_list_between() -> None:
    s = SortedList([10, 20, 20, 30, 40])
    assert s.between(20, 40) == [20, 20, 30]
    assert s.between(0, 10) == []


def test_queue_order() -> None:
    q = PriorityQueue()
    for item, priority in [("write", 3), ("test", 1), ("ship", 5), ("plan", 0)]:
        q.push(item, priority)
    assert [q.pop() for _ in range(len(q))] == [("plan", 0), ("test", 1), ("write", 3), ("ship", 5)]


def test_queue_ties_in_insertion_order() -> None:
    q = PriorityQueue()
    for item in ["zulu", "alpha", "mike"]:
        q.push(item, 1)
    assert [q.pop()[0] for _ in range(3)] == ["zulu", "alpha", "mike"]


def test_queue_unorderable_items() -> None:
    q = PriorityQueue()
    q.push(Job("a"), 2)
    q.push(Job("b"), 2)
    q.push(Job("c"), 1)
    assert [q.pop()[0].name for _ in range(3)] == ["c", "a", "b"]


def test_queue_decrease_key() -> None:
    q = PriorityQueue()
    q.push("a", 5)
    q.push("b", 3)
    q.decrease_key("a", 1)
    assert len(q) == 2
    assert q.pop() == ("a", 1)
    assert q.pop() == ("b", 3)
    assert len(q) == 0


def test_queue_push_again_raises_priority() -> None:
    q = PriorityQueue()
    q.push("a", 1)
    q.push("b", 2)
    q.push("a", 9)
    assert [q.pop(), q.pop()] == [("b", 2), ("a", 9)]


def test_queue_decrease_key_refuses_increase() -> None:
    q = PriorityQueue()
    q.push("a", 2)
    with pytest.raises(ValueError, match="new priority 4 is above 2"):
        q.decrease_key("a", 4)


def test_queue_empty() -> None:
    q = PriorityQueue()
    q.push("a", 1)
    q.push("a", 0)
    q.pop()
    with pytest.raises(EmptyQueueError):
        q.pop()
    assert "a" not in q


def test_union_find_groups() -> None:
    uf = UnionFind("abcdef")
    assert uf.union("a", "b")
    assert uf.union("c", "d")
    assert uf.union("b", "d")
    assert not uf.union("a", "c")
    assert uf.groups() == [["a", "b", "c", "d"], ["e"], ["f"]]


def test_union_find_sizes() -> None:
    uf = UnionFind("abcde")
    uf.union("a", "b")
    uf.union("b", "c")
    assert uf.size("c") == 3
    assert uf.size("e") == 1


def test_union_find_connected() -> None:
    uf = UnionFind(range(10))
    for a, b in [(0, 1), (2, 3), (1, 3), (7, 8)]:
        uf.union(a, b)
    assert uf.connected(0, 2)
    assert not uf.connected(0, 7)
    assert uf.connected(8, 7)


def test_union_find_find_compresses() -> None:
    uf = UnionFind(range(8))
    for a, b in [(0, 1), (2, 3), (4, 5), (6, 7), (0, 2), (4, 6), (0, 4)]:
        uf.union(a, b)
    assert uf.find(7) == 0
    assert [uf._parent[i] for i in (7, 6, 4)] == [0, 0, 0]
    assert uf.size(7) == 8


def test_union_find_unknown() -> None:
    with pytest.raises(KeyError):
        UnionFind("ab").find("z")
