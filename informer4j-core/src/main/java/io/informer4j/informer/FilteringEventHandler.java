package io.informer4j.informer;

import java.util.Objects;
import java.util.function.Predicate;

/**
 * Passes to a delegate only the objects a filter accepts, turning transitions into adds and
 * deletes: an update where only the new object passes becomes an add, one where only the old object
 * passes becomes a delete, one where neither passes is dropped.
 *
 * <p>Thread-safe if the filter and delegate are. The filter must be side-effect free.
 *
 * @param <T> the object type
 */
public final class FilteringEventHandler<T> implements EventHandler<T> {

  private final Predicate<? super T> filter;
  private final EventHandler<T> delegate;

  /**
   * @param filter   accepts the objects the delegate should see
   * @param delegate receives the filtered notifications
   */
  public FilteringEventHandler(Predicate<? super T> filter, EventHandler<T> delegate) {
    this.filter = Objects.requireNonNull(filter, "filter");
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  @Override
  public void onAdd(T object, boolean inInitialList) {
    if (filter.test(object)) {
      delegate.onAdd(object, inInitialList);
    }
  }

  @Override
  public void onUpdate(T oldObject, T newObject) {
    boolean oldPasses = filter.test(oldObject);
    boolean newPasses = filter.test(newObject);
    if (oldPasses && newPasses) {
      delegate.onUpdate(oldObject, newObject);
    } else if (newPasses) {
      delegate.onAdd(newObject, false);
    } else if (oldPasses) {
      delegate.onDelete(oldObject, false);
    }
  }

  @Override
  public void onDelete(T lastState, boolean finalStateUnknown) {
    if (filter.test(lastState)) {
      delegate.onDelete(lastState, finalStateUnknown);
    }
  }
}
