package io.informer4j.factory;

import io.informer4j.meta.ObjectAdapter;
import io.informer4j.source.ListerWatcher;
import java.util.Objects;

/**
 * What the factory needs to run an informer for one type: a source that can list and watch it (in
 * all namespaces or, through its request's selection, in one: tier 1) and an adapter for its objects.
 *
 * @param source  lists and watches the type
 * @param adapter reads the objects' identity
 * @param <T>     the object type
 */
public record GenericClient<T>(ListerWatcher<T> source, ObjectAdapter<T> adapter) {

  /** @throws NullPointerException if a component is null */
  public GenericClient {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(adapter, "adapter");
  }
}
