package io.informer4j.informer;

import io.informer4j.meta.ObjectType;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.TypeRegistry;
import io.informer4j.source.Backend;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.ResourceVersionOrder;
import io.informer4j.source.TypePresence;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A {@link Backend} that forwards every call to another, for wrappers that count, delay or filter
 * what a backend does: extend it and override only what the wrapper changes. Every method of
 * {@link Backend} and of {@link RuntimeBackend} is forwarded — the defaulted ones too
 * ({@link #presence}, {@link #resourceVersionOrder}, {@link #onTypeAdded}, {@link #type(Class)},
 * {@link #description}), so a wrapper never silently replaces the delegate's answer with the
 * interface's default — and the methods taking a runtime reach the delegate's own when it is a
 * {@link RuntimeBackend} (its sources and type watch then run on the informers' runtime, as they do
 * unwrapped). {@code ForwardingBackendTest} fails when a method of either interface is not forwarded.
 *
 * <p>Thread-safe when the delegate is and the overrides are.
 */
public class ForwardingBackend implements RuntimeBackend {

  private final Backend delegate;

  /** Forwards to {@code delegate}. */
  public ForwardingBackend(Backend delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /** Returns the backend calls are forwarded to. */
  protected Backend delegate() {
    return delegate;
  }

  @Override
  public <T> ListerWatcher<T> listerWatcher(ObjectType<T> type) {
    return delegate.listerWatcher(type);
  }

  @Override
  public <T> ListerWatcher<T> listerWatcher(ObjectType<T> type, InformerRuntime runtime) {
    return delegate instanceof RuntimeBackend threaded ? threaded.listerWatcher(type, runtime)
        : delegate.listerWatcher(type);
  }

  @Override
  public TypeRegistry types() {
    return delegate.types();
  }

  @Override
  public <T> ObjectType<T> type(Class<T> javaClass) {
    return delegate.type(javaClass);
  }

  @Override
  public TypePresence presence(TypeKey type) {
    return delegate.presence(type);
  }

  @Override
  public AutoCloseable onTypeAdded(Consumer<TypeKey> listener) {
    return delegate.onTypeAdded(listener);
  }

  @Override
  public AutoCloseable onTypeAdded(Consumer<TypeKey> listener, InformerRuntime runtime) {
    return delegate instanceof RuntimeBackend threaded ? threaded.onTypeAdded(listener, runtime)
        : delegate.onTypeAdded(listener);
  }

  @Override
  public ResourceVersionOrder resourceVersionOrder(TypeKey type) {
    return delegate.resourceVersionOrder(type);
  }

  @Override
  public String description() {
    return delegate.description();
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "(" + delegate + ")";
  }
}
