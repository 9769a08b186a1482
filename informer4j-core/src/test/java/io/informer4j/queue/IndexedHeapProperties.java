package io.informer4j.queue;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.testsupport.property.Generator;
import io.informer4j.testsupport.property.Generators;
import io.informer4j.testsupport.property.PropertyCheck;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The queues' heap against a plain list: over random adds, key changes (up and down), removals
 * from anywhere and polls, the heap always holds the same nodes, its head has the smallest key, each
 * node knows whether it is in the heap, and draining it gives the keys in order.
 */
class IndexedHeapProperties {

  /** A node with a key that can change. */
  static final class Keyed extends IndexedHeap.Node {
    int key;

    Keyed(int key) {
      this.key = key;
    }

    @Override
    public String toString() {
      return "node " + key;
    }
  }

  /** One step: 0 add, 1 change a key, 2 remove a node, 3 poll; the node to touch and the new key. */
  record Step(int kind, int node, int key) {
  }

  private static final Generator<Step> STEPS = choices -> new Step(choices.draw(Generators.frequency(
      Generators.weight(4, Generators.constant(0)), Generators.weight(3, Generators.constant(1)),
      Generators.weight(2, Generators.constant(2)), Generators.weight(1, Generators.constant(3)))),
      choices.draw(Generators.integers(0, 1000)), choices.draw(Generators.integers(-50, 50)));

  @Test
  void theHeapAlwaysHandsOutTheSmallestKeyAndHoldsWhatTheListHolds() {
    PropertyCheck.forAll(STEPS.list(1, 120)).tries(500).check(IndexedHeapProperties::run);
  }

  private static void run(List<Step> steps) {
    IndexedHeap<Keyed> heap = new IndexedHeap<>(Comparator.comparingInt((Keyed node) -> node.key));
    List<Keyed> held = new ArrayList<>();
    List<Keyed> gone = new ArrayList<>();
    for (Step step : steps) {
      if (step.kind() == 0 || held.isEmpty()) {
        Keyed node = new Keyed(step.key());
        heap.add(node);
        held.add(node);
      } else if (step.kind() == 1) {
        Keyed node = held.get(step.node() % held.size());
        node.key = step.key();
        heap.update(node);
      } else if (step.kind() == 2) {
        Keyed node = held.remove(step.node() % held.size());
        heap.remove(node);
        gone.add(node);
      } else {
        Keyed head = heap.poll();
        assertThat(head.key).as("the polled head has the smallest key").isEqualTo(smallest(held));
        held.remove(head);
        gone.add(head);
      }
      assertThat(heap.size()).isEqualTo(held.size());
      assertThat(heap.isEmpty()).isEqualTo(held.isEmpty());
      assertThat(heap.peek() == null ? null : heap.peek().key).as("the head after %s", step)
          .isEqualTo(held.isEmpty() ? null : smallest(held));
      assertThat(held).allMatch(IndexedHeap.Node::inHeap);
      assertThat(gone).noneMatch(IndexedHeap.Node::inHeap);
    }
    List<Integer> drained = new ArrayList<>();
    for (Keyed node = heap.poll(); node != null; node = heap.poll()) {
      drained.add(node.key);
    }
    assertThat(drained).isSorted().hasSize(held.size());
    assertThat(heap.isEmpty()).isTrue();
    List<Keyed> cleared = List.of(new Keyed(1), new Keyed(2));
    cleared.forEach(heap::add);
    heap.clear();
    assertThat(heap.size()).isZero();
    assertThat(heap.peek()).isNull();
    assertThat(cleared).noneMatch(IndexedHeap.Node::inHeap);
  }

  private static Integer smallest(List<Keyed> nodes) {
    return nodes.stream().mapToInt(node -> node.key).min().orElseThrow();
  }
}
