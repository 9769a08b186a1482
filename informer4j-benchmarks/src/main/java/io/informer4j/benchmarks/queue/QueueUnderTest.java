package io.informer4j.benchmarks.queue;

import io.informer4j.queue.PriorityWorkQueue;
import io.informer4j.queue.WorkQueue;
import io.kubernetes.client.extended.workqueue.DefaultDelayingQueue;
import io.kubernetes.client.extended.workqueue.DefaultRateLimitingQueue;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The operations the queue benchmarks drive, over informer4j's rate-limiting work queue and over
 * client-java-extended's {@code DefaultRateLimitingQueue}, so both do exactly the same work.
 */
interface QueueUnderTest {

  void add(Object item);

  Object get() throws InterruptedException;

  void done(Object item);

  void addAfter(Object item, Duration delay);

  /** Returns how many delayed adds are still waiting to be handed to the queue's timer, if it has a hand-off. */
  int pendingHandOff();

  void shutDown();

  /** Builds the queue named {@code implementation}: {@code informer4j}, {@code client-java} or {@code jdk-floor}. */
  static QueueUnderTest create(String implementation, ExecutorService clientJavaTimer) {
    return switch (implementation) {
      case "informer4j" -> new Informer4j();
      case "client-java" -> new ClientJava(clientJavaTimer);
      case "jdk-floor" -> new JdkFloor();
      default -> throw new IllegalArgumentException("unknown queue implementation '" + implementation + "'");
    };
  }

  /** informer4j's queue with its defaults: FIFO, client-go's default controller rate limiter, no metrics. */
  final class Informer4j implements QueueUnderTest {
    private final PriorityWorkQueue<Object> queue = WorkQueue.builder().name("benchmark").build();

    @Override
    public void add(Object item) {
      queue.add(item);
    }

    @Override
    public Object get() throws InterruptedException {
      return queue.get().orElseThrow();
    }

    @Override
    public void done(Object item) {
      queue.done(item);
    }

    @Override
    public void addAfter(Object item, Duration delay) {
      queue.addAfter(item, delay);
    }

    @Override
    public int pendingHandOff() {
      return 0;
    }

    @Override
    public void shutDown() {
      queue.shutDown();
    }
  }

  /** client-java-extended 24.0.0's queue with its default controller rate limiter. */
  final class ClientJava implements QueueUnderTest {
    private final Exposed queue;

    ClientJava(ExecutorService timer) {
      queue = new Exposed(timer);
    }

    /** Exposes the size of the bounded hand-off between {@code addAfter} and the timer thread. */
    private static final class Exposed extends DefaultRateLimitingQueue<Object> {
      Exposed(ExecutorService timer) {
        super(timer);
      }

      int handOff() {
        return waitingForAddQueue.size();
      }
    }

    static {
      DefaultDelayingQueue.heartBeatInterval = Duration.ofMillis(50);
    }

    @Override
    public void add(Object item) {
      queue.add(item);
    }

    @Override
    public Object get() throws InterruptedException {
      return queue.get();
    }

    @Override
    public void done(Object item) {
      queue.done(item);
    }

    @Override
    public void addAfter(Object item, Duration delay) {
      queue.addAfter(item, delay);
    }

    @Override
    public int pendingHandOff() {
      return queue.handOff();
    }

    @Override
    public void shutDown() {
      queue.shutDown();
    }
  }

  /**
   * Not a work queue: the floor of what the JDK's concurrent collections do for the same traffic. A
   * {@code ConcurrentHashMap} key set drops an add whose item is already queued and a
   * {@code LinkedBlockingQueue} (separate locks for adding and taking) hands items out; {@code done}
   * does nothing. It keeps none of client-go's rules (no processing set: an item can be handed to two
   * workers at once; a coalesced add does not happen-before the worker that takes the item), so it
   * only shows how far any queue built from these parts could go on this machine.
   */
  final class JdkFloor implements QueueUnderTest {
    private final Set<Object> queued = ConcurrentHashMap.newKeySet();
    private final LinkedBlockingQueue<Object> ready = new LinkedBlockingQueue<>();

    @Override
    public void add(Object item) {
      if (queued.add(item)) {
        ready.add(item);
      }
    }

    @Override
    public Object get() throws InterruptedException {
      Object item = ready.take();
      queued.remove(item);
      return item;
    }

    @Override
    public void done(Object item) {
      // the floor keeps no processing set
    }

    @Override
    public void addAfter(Object item, Duration delay) {
      throw new UnsupportedOperationException("the JDK floor has no delayed adds");
    }

    @Override
    public int pendingHandOff() {
      return 0;
    }

    @Override
    public void shutDown() {
      ready.clear();
    }
  }
}
