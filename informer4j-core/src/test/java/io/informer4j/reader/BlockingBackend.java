package io.informer4j.reader;

import io.informer4j.informer.ForwardingBackend;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.Backend;
import io.informer4j.source.ListerWatcher;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * A backend that, when asked for the source of a type it blocks, signals that it was entered and
 * waits until the test releases it before answering (as a slow client constructor); everything else
 * goes straight to the backend it wraps.
 */
final class BlockingBackend extends ForwardingBackend {

  final AtomicInteger calls = new AtomicInteger();
  private final CountDownLatch entered = new CountDownLatch(1);
  private final CountDownLatch released = new CountDownLatch(1);
  private final Predicate<TypeKey> blocks;

  BlockingBackend(Predicate<TypeKey> blocks, Backend delegate) {
    super(delegate);
    this.blocks = blocks;
  }

  void release() {
    released.countDown();
  }

  boolean awaitEntered() throws InterruptedException {
    return entered.await(10, TimeUnit.SECONDS);
  }

  @Override
  public <T> ListerWatcher<T> listerWatcher(ObjectType<T> type) {
    blockIfAsked(type);
    return super.listerWatcher(type);
  }

  @Override
  public <T> ListerWatcher<T> listerWatcher(ObjectType<T> type, InformerRuntime runtime) {
    blockIfAsked(type);
    return super.listerWatcher(type, runtime);
  }

  private void blockIfAsked(ObjectType<?> type) {
    calls.incrementAndGet();
    if (blocks.test(type.key())) {
      entered.countDown();
      try {
        if (!released.await(10, TimeUnit.SECONDS)) {
          throw new IllegalStateException("the test never released the backend");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }
}
