package io.informer4j.reader;

import io.informer4j.meta.ObjectAdapter;
import java.util.Arrays;
import java.util.List;

/**
 * Sorts list results by namespace and then name, both compared as strings: the documented order of
 * {@link CacheReader#list}. Each object's namespace and name are read once, so the O(m log m)
 * comparisons touch only strings. Stateless and thread-safe.
 */
final class ListOrder {

  private record Sortable<T>(String namespace, String name, T object) implements Comparable<Sortable<T>> {
    @Override
    public int compareTo(Sortable<T> other) {
      int byNamespace = namespace.compareTo(other.namespace);
      return byNamespace != 0 ? byNamespace : name.compareTo(other.name);
    }
  }

  private ListOrder() {
  }

  /** Sorts {@code objects} in place. */
  @SuppressWarnings("unchecked")
  static <T> void sort(List<T> objects, ObjectAdapter<T> adapter) {
    int size = objects.size();
    if (size < 2) {
      return;
    }
    Sortable<T>[] sortables = new Sortable[size];
    for (int i = 0; i < size; i++) {
      T object = objects.get(i);
      String namespace = adapter.namespace(object);
      sortables[i] = new Sortable<>(namespace == null ? "" : namespace, adapter.name(object), object);
    }
    Arrays.sort(sortables);
    for (int i = 0; i < size; i++) {
      objects.set(i, sortables[i].object());
    }
  }
}
