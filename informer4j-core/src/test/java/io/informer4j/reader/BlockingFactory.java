package io.informer4j.reader;

import io.informer4j.meta.TypeKey;
import io.informer4j.meta.TypeRegistry;
import io.informer4j.source.ListerWatcher;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * A list-watch factory that, for the types it blocks, signals that it was entered and waits until
 * the test releases it before answering (as a slow client constructor); then it delegates.
 */
final class BlockingFactory implements ListWatcherFactory {

  final CountDownLatch entered = new CountDownLatch(1);
  final AtomicInteger calls = new AtomicInteger();
  private final CountDownLatch released = new CountDownLatch(1);
  private final Predicate<TypeKey> blocks;
  private final ListWatcherFactory answer;

  BlockingFactory(Predicate<TypeKey> blocks, ListWatcherFactory answer) {
    this.blocks = blocks;
    this.answer = answer;
  }

  void release() {
    released.countDown();
  }

  boolean awaitEntered() throws InterruptedException {
    return entered.await(10, TimeUnit.SECONDS);
  }

  @Override
  public ListerWatcher<?> create(TypeKey type, String namespace, TypeRegistry registry,
                                 Representation<?> representation) {
    calls.incrementAndGet();
    if (blocks.test(type)) {
      entered.countDown();
      try {
        if (!released.await(10, TimeUnit.SECONDS)) {
          throw new IllegalStateException("the test never released the factory");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
    return answer.create(type, namespace, registry, representation);
  }
}
