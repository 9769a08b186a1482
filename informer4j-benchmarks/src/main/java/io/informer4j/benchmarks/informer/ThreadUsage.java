package io.informer4j.benchmarks.informer;

/**
 * The most threads an informer used at the ends of measured operations: live threads named
 * {@value InformerRig#INFORMER4J_THREAD_PREFIX}{@code *}, and the JVM's live thread count above its
 * level before the informer was built. Benchmarks print {@link #summary()} when a run ends (JMH
 * would sum a per-iteration counter over iterations, which misreads a level).
 *
 * <p>Not thread-safe: record from the benchmark thread only.
 */
public final class ThreadUsage {

  private int informer4jThreads;
  private int threadsStarted;
  private int samples;

  /** Samples the threads of {@code rig} now. */
  public void record(InformerRig rig) {
    informer4jThreads = Math.max(informer4jThreads, InformerRig.informer4jThreads());
    threadsStarted = Math.max(threadsStarted, rig.threadsStarted());
    samples++;
  }

  /** Returns the maxima as one line, for example {@code "informer4j-* threads max 6, JVM threads started max 6 (40 samples)"}. */
  public String summary() {
    return "informer4j-* threads max " + informer4jThreads + ", JVM threads started max " + threadsStarted
        + " (" + samples + " samples)";
  }
}
