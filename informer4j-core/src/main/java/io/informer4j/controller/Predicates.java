package io.informer4j.controller;

import io.informer4j.meta.NamespaceMatcher;
import io.informer4j.meta.ObjectAdapter;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;

/** The common {@link EventPredicate}s. Every predicate returned is immutable and thread-safe. */
public final class Predicates {

  private Predicates() {
  }

  /** Accepts the events whose object (the new one for an update) {@code test} accepts. */
  public static <T> EventPredicate<T> matching(Predicate<? super T> test) {
    Objects.requireNonNull(test, "test");
    return new EventPredicate<>() {
      @Override
      public boolean create(T object) {
        return test.test(object);
      }

      @Override
      public boolean update(T oldObject, T newObject) {
        return test.test(newObject);
      }

      @Override
      public boolean delete(T lastState) {
        return test.test(lastState);
      }
    };
  }

  /**
   * Accepts creates and deletes, and the updates that change what {@code extract} reads (for example
   * {@code metadata.generation}: changes of the spec, not of the status). Re-deliveries of an
   * unchanged object are rejected too.
   */
  public static <T> EventPredicate<T> changed(Function<? super T, ?> extract) {
    Objects.requireNonNull(extract, "extract");
    return new EventPredicate<>() {
      @Override
      public boolean update(T oldObject, T newObject) {
        return !Objects.equals(extract.apply(oldObject), extract.apply(newObject));
      }
    };
  }

  /** Accepts creates and deletes, and the updates that change the object's labels. */
  public static <T> EventPredicate<T> labelsChanged(ObjectAdapter<T> adapter) {
    return changed(adapter::labels);
  }

  /**
   * Accepts the events of objects whose namespace {@code matcher} allows (namespace tier 2): the rule
   * of {@link NamespaceMatcher}, restricted wins. Objects without a namespace (of cluster-scoped
   * types) always pass.
   */
  public static <T> EventPredicate<T> namespaces(NamespaceMatcher matcher, ObjectAdapter<T> adapter) {
    Objects.requireNonNull(matcher, "matcher");
    return matching(object -> {
      String namespace = adapter.namespace(object);
      return namespace == null || namespace.isEmpty() || matcher.allows(namespace);
    });
  }
}
