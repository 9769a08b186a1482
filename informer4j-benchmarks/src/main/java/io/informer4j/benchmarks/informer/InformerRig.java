package io.informer4j.benchmarks.informer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One informer of some library, fed a {@link ConfigMapWorkload} from memory, with
 * {@link CountingHandler}s, ready to be measured: {@link #start()} then {@link #awaitInitialAdds} is
 * the whole ingest (list, cache, every handler told); {@link #deliverUpdates} pushes MODIFIED events
 * through the watch and waits until every handler received them. {@link #close()} stops the
 * informer and checks that every thread it started has ended.
 *
 * <p>Built, driven and closed by one thread (the benchmark's); not thread-safe.
 */
public abstract class InformerRig implements AutoCloseable {

  /** The informer4j library; its threads are named {@value #INFORMER4J_THREAD_PREFIX}{@code *}. */
  public static final String INFORMER4J = "informer4j";
  /** The official Kubernetes Java client, {@code io.kubernetes:client-java}. */
  public static final String CLIENT_JAVA = "client-java";
  /** The name prefix of every informer4j thread. */
  public static final String INFORMER4J_THREAD_PREFIX = "informer4j-";

  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

  private final ConfigMapWorkload workload;
  private final ThreadCensus census;
  private final List<CountingHandler> handlers = new ArrayList<>();
  private final List<CompletableFuture<Void>> initialAdds = new ArrayList<>();
  private int nextUpdate;

  /** Takes the thread census, then makes the handlers, each expecting every listed object as an add. */
  protected InformerRig(ConfigMapWorkload workload, int handlerCount) {
    if (handlerCount < 1) {
      throw new IllegalArgumentException("need at least one handler, got " + handlerCount);
    }
    this.workload = workload;
    this.census = ThreadCensus.take();
    for (int i = 0; i < handlerCount; i++) {
      CountingHandler handler = new CountingHandler();
      initialAdds.add(handler.expectAdds(workload.initial().size()));
      handlers.add(handler);
    }
  }

  /**
   * Builds the rig of {@code library} ({@value #INFORMER4J} or {@value #CLIENT_JAVA}); its informer
   * is built, with its handlers, but not started.
   *
   * @throws IllegalArgumentException for another library name
   */
  public static InformerRig create(String library, ConfigMapWorkload workload, int handlers) {
    return switch (library) {
      case INFORMER4J -> new Informer4jRig(workload, handlers);
      case CLIENT_JAVA -> new ClientJavaRig(workload, handlers);
      default -> throw new IllegalArgumentException("unknown informer library '" + library + "'; expected "
          + INFORMER4J + " or " + CLIENT_JAVA);
    };
  }

  /** Returns the workload. */
  protected final ConfigMapWorkload workload() {
    return workload;
  }

  /** Returns the handlers, in registration order. */
  protected final List<CountingHandler> handlers() {
    return handlers;
  }

  /** Starts the informer; returns at once. */
  public abstract void start();

  /**
   * Waits until every handler has received every listed object as an add and the informer (and,
   * where the library has them, each handler registration) reports synced.
   *
   * @throws TimeoutException if that takes longer than {@code timeout}
   */
  public final void awaitInitialAdds(Duration timeout) throws InterruptedException, ExecutionException, TimeoutException {
    long deadline = System.nanoTime() + timeout.toNanos();
    CompletableFuture.allOf(initialAdds.toArray(CompletableFuture[]::new)).get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    awaitSynced(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
  }

  /**
   * Waits until the informer and its handler registrations report synced; called once every handler
   * has every add.
   *
   * @throws IllegalStateException if the library reports not synced although every add was delivered
   */
  protected abstract void awaitSynced(Duration timeout) throws InterruptedException, ExecutionException, TimeoutException;

  /** Waits until the informer's watch is open, so pushed events reach it. */
  public final void awaitWatching(Duration timeout) throws InterruptedException, ExecutionException, TimeoutException {
    watchOpened().get(timeout.toNanos(), TimeUnit.NANOSECONDS);
  }

  /** Returns a future completed once the source opened its first watch. */
  protected abstract CompletableFuture<Void> watchOpened();

  /**
   * Pushes {@code count} MODIFIED events through the watch (cycling through the workload's updates)
   * and waits until every handler received all of them.
   *
   * @throws IllegalStateException if the workload has no updates or the watch is not open
   * @throws TimeoutException      if delivery takes longer than {@code timeout}
   */
  public final void deliverUpdates(int count, Duration timeout)
      throws InterruptedException, ExecutionException, TimeoutException {
    int size = workload.updates().size();
    if (size == 0) {
      throw new IllegalStateException("the workload has no updates to deliver");
    }
    List<CompletableFuture<Void>> delivered = new ArrayList<>(handlers.size());
    for (CountingHandler handler : handlers) {
      delivered.add(handler.expectMoreUpdates(count));
    }
    for (int i = 0; i < count; i++) {
      pushUpdate(nextUpdate);
      nextUpdate = nextUpdate + 1 == size ? 0 : nextUpdate + 1;
    }
    CompletableFuture.allOf(delivered.toArray(CompletableFuture[]::new)).get(timeout.toNanos(), TimeUnit.NANOSECONDS);
  }

  /** Pushes the MODIFIED event of {@code workload().updates().get(index)} through the open watch. */
  protected abstract void pushUpdate(int index);

  /** Returns how many objects the informer's cache holds. */
  public abstract int cachedObjects();

  /**
   * Checks that the cache holds {@code expected} objects.
   *
   * @throws IllegalStateException if it does not
   */
  public final void verifyCache(int expected) {
    int cached = cachedObjects();
    if (cached != expected) {
      throw new IllegalStateException(getClass().getSimpleName() + ": the cache holds " + cached + " objects, expected "
          + expected);
    }
  }

  /** Returns how many more threads the JVM has now than before this rig was built. */
  public final int threadsStarted() {
    return census.liveThreadDelta();
  }

  /** Returns how many live threads are named {@value #INFORMER4J_THREAD_PREFIX}{@code *}. */
  public static int informer4jThreads() {
    return ThreadCensus.countNamed(INFORMER4J_THREAD_PREFIX);
  }

  /** Returns the threads that did not exist when this rig was built. */
  public final List<Thread> newThreads() {
    return census.newThreads();
  }

  /** Returns true if the informer's library starts threads named like {@code thread}. */
  public abstract boolean isInformerThread(Thread thread);

  /** Stops the informer; may return before its threads ended. */
  protected abstract void stopInformer() throws InterruptedException;

  /**
   * Stops the informer and waits until every informer thread started since the rig was built has
   * ended.
   *
   * @throws IllegalStateException if one is still alive 30 seconds later
   */
  @Override
  public final void close() throws InterruptedException {
    stopInformer();
    census.awaitNewThreadsEnded(STOP_TIMEOUT, this::isInformerThread);
  }
}
