package io.informer4j.kubernetes.fleet;

import io.fabric8.kubernetes.client.Config;
import io.informer4j.fleet.ClusterListener;
import io.informer4j.fleet.ClusterProvider;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.source.Backend;
import io.informer4j.time.Scheduler;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reports one cluster per kubeconfig file in a directory, as multicluster-runtime's {@code file}
 * provider: the cluster is named after the file without its extension ({@code prod-eu.yaml} is
 * {@code prod-eu}); hidden files and subdirectories are ignored. The directory is rescanned
 * periodically on the fleet's runtime (no thread of its own): a file added is a cluster appearing,
 * a file whose content changed is a cluster changing (disengaged and engaged anew), a file removed
 * is a cluster disappearing. A malformed kubeconfig is reported as a cluster whose connect fails (the
 * fleet shows it failed); an unreadable file or two files of one cluster name are logged and
 * skipped ({@link #skipped()} counts them).
 *
 * <p>Thread-safe.
 */
public final class KubeconfigDirectoryProvider implements ClusterProvider {

  private static final Logger log = LoggerFactory.getLogger(KubeconfigDirectoryProvider.class);

  private final Path directory;
  private final Duration rescanInterval;
  private final Function<Config, Backend> connector;
  private final Map<String, String> known = new HashMap<>();
  private long skipped;
  private ClusterListener listener;
  private Scheduler.Cancellable rescans;
  private boolean closed;

  private KubeconfigDirectoryProvider(Builder b) {
    this.directory = b.directory;
    this.rescanInterval = b.rescanInterval;
    this.connector = b.connector;
  }

  /** Starts configuring a provider of the kubeconfig files in {@code directory}. */
  public static Builder builder(Path directory) {
    return new Builder(directory);
  }

  /**
   * Reports the clusters of the files there now, then rescans every rescan interval.
   *
   * @throws NoSuchFileException if the directory does not exist
   * @throws IOException         if it cannot be listed
   */
  @Override
  public void start(ClusterListener listener, InformerRuntime runtime) throws IOException {
    if (!Files.isDirectory(directory)) {
      throw new NoSuchFileException(directory.toString(), null, "not a directory of kubeconfig files");
    }
    synchronized (this) {
      if (this.listener != null) {
        throw new IllegalStateException("the provider has been started already");
      }
      this.listener = Objects.requireNonNull(listener, "listener");
    }
    rescan();
    Scheduler.Cancellable task = runtime.scheduleWithFixedDelay("kubeconfig directory " + directory, rescanInterval,
        rescanInterval, () -> {
          try {
            rescan();
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
    synchronized (this) {
      rescans = task;
      if (closed) {
        task.cancel();
      }
    }
  }

  /**
   * Compares the directory with what was reported and reports the differences; serialized.
   *
   * @throws IOException if the directory cannot be listed
   */
  synchronized void rescan() throws IOException {
    if (closed) {
      return;
    }
    Map<String, String> found = new TreeMap<>();
    try (Stream<Path> files = Files.list(directory)) {
      for (Path file : (Iterable<Path>) files.sorted()::iterator) {
        readInto(found, file);
      }
    }
    for (Map.Entry<String, String> entry : found.entrySet()) {
      String before = known.put(entry.getKey(), entry.getValue());
      if (before == null) {
        listener.appeared(Kubeconfigs.cluster(entry.getKey(), entry.getValue(), connector));
      } else if (!before.equals(entry.getValue())) {
        listener.changed(Kubeconfigs.cluster(entry.getKey(), entry.getValue(), connector));
      }
    }
    for (String gone : known.keySet().stream().filter(name -> !found.containsKey(name)).toList()) {
      known.remove(gone);
      listener.disappeared(gone);
    }
  }

  private void readInto(Map<String, String> found, Path file) {
    String fileName = file.getFileName().toString();
    if (fileName.startsWith(".") || !Files.isRegularFile(file)) {
      return;
    }
    int dot = fileName.lastIndexOf('.');
    String cluster = dot > 0 ? fileName.substring(0, dot) : fileName;
    if (found.containsKey(cluster)) {
      skip("two files name the cluster '" + cluster + "'; " + fileName + " is skipped");
      return;
    }
    try {
      found.put(cluster, Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException | UncheckedIOException e) {
      skip("kubeconfig " + file + " cannot be read (" + e + "); skipped");
      if (known.containsKey(cluster)) {
        found.put(cluster, known.get(cluster));
      }
    }
  }

  private void skip(String why) {
    skipped++;
    log.warn("kubeconfig directory {}: {}", directory, why);
  }

  /** Returns how many times a file was skipped (unreadable, or a second file of one cluster name). */
  public synchronized long skipped() {
    return skipped;
  }

  /** Stops rescanning; idempotent. */
  @Override
  public synchronized void close() {
    closed = true;
    if (rescans != null) {
      rescans.cancel();
    }
  }

  /** Configures a {@link KubeconfigDirectoryProvider}. Not thread-safe. */
  public static final class Builder {
    private final Path directory;
    private Duration rescanInterval = Duration.ofSeconds(10);
    private Function<Config, Backend> connector = Kubeconfigs.CONNECT;

    private Builder(Path directory) {
      this.directory = Objects.requireNonNull(directory, "directory");
    }

    /**
     * Sets how often the directory is rescanned (default 10 s).
     *
     * @throws IllegalArgumentException if not positive
     */
    public Builder rescanInterval(Duration interval) {
      Objects.requireNonNull(interval, "interval");
      if (interval.isNegative() || interval.isZero()) {
        throw new IllegalArgumentException("the rescan interval must be positive: " + interval);
      }
      this.rescanInterval = interval;
      return this;
    }

    /** Builds each cluster's backend from its parsed kubeconfig with {@code connector} (default {@code KubernetesBackend::connect}). */
    public Builder connector(Function<Config, Backend> connector) {
      this.connector = Objects.requireNonNull(connector, "connector");
      return this;
    }

    /** Returns the provider, not started. */
    public KubeconfigDirectoryProvider build() {
      return new KubeconfigDirectoryProvider(this);
    }
  }
}
