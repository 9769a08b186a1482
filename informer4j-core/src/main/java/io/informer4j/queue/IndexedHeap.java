package io.informer4j.queue;

import java.util.Arrays;
import java.util.Comparator;

/**
 * A binary min-heap whose nodes remember their position, so a node whose key changed can be moved
 * in O(log n) ({@link #update}) and any node removed in O(log n). {@link java.util.PriorityQueue}
 * needs O(n) for both, which would make re-adding an item to a queue of 100k delayed items slow.
 *
 * <p>Not thread-safe: the owning queue guards it with its lock.
 *
 * @param <E> the node type
 */
final class IndexedHeap<E extends IndexedHeap.Node> {

  /** A heap node: it carries its own index, -1 while it is not in a heap. */
  abstract static class Node {
    int heapIndex = -1;

    boolean inHeap() {
      return heapIndex >= 0;
    }
  }

  private final Comparator<? super E> order;
  private Node[] nodes = new Node[16];
  private int size;

  /** @param order smallest first */
  IndexedHeap(Comparator<? super E> order) {
    this.order = order;
  }

  int size() {
    return size;
  }

  boolean isEmpty() {
    return size == 0;
  }

  void add(E node) {
    if (size == nodes.length) {
      nodes = Arrays.copyOf(nodes, size * 2);
    }
    node.heapIndex = size;
    nodes[size++] = node;
    siftUp(node.heapIndex);
  }

  @SuppressWarnings("unchecked")
  E peek() {
    return size == 0 ? null : (E) nodes[0];
  }

  E poll() {
    E head = peek();
    if (head != null) {
      remove(head);
    }
    return head;
  }

  /** Removes {@code node}, which must be in this heap. */
  void remove(E node) {
    int index = node.heapIndex;
    int last = --size;
    Node moved = nodes[last];
    nodes[last] = null;
    node.heapIndex = -1;
    if (index != last) {
      nodes[index] = moved;
      moved.heapIndex = index;
      siftDown(index);
      siftUp(moved.heapIndex);
    }
  }

  /** Restores heap order after the key of {@code node}, which must be in this heap, changed. */
  void update(E node) {
    siftUp(node.heapIndex);
    siftDown(node.heapIndex);
  }

  void clear() {
    for (int i = 0; i < size; i++) {
      nodes[i].heapIndex = -1;
      nodes[i] = null;
    }
    size = 0;
  }

  @SuppressWarnings("unchecked")
  private boolean less(int a, int b) {
    return order.compare((E) nodes[a], (E) nodes[b]) < 0;
  }

  private void siftUp(int index) {
    while (index > 0) {
      int parent = (index - 1) >>> 1;
      if (!less(index, parent)) {
        return;
      }
      swap(index, parent);
      index = parent;
    }
  }

  private void siftDown(int index) {
    while (true) {
      int left = 2 * index + 1;
      if (left >= size) {
        return;
      }
      int smallest = left + 1 < size && less(left + 1, left) ? left + 1 : left;
      if (!less(smallest, index)) {
        return;
      }
      swap(index, smallest);
      index = smallest;
    }
  }

  private void swap(int a, int b) {
    Node na = nodes[a];
    Node nb = nodes[b];
    nodes[a] = nb;
    nodes[b] = na;
    na.heapIndex = b;
    nb.heapIndex = a;
  }
}
