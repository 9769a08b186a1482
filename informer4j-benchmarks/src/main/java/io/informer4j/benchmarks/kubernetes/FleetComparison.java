package io.informer4j.benchmarks.kubernetes;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A fleet in one client JVM: {@code clusters} test servers of {@code configMapsPerCluster} ConfigMaps
 * each ({@link FleetServersMain}, all in one JVM of their own that this harness starts and stops by
 * its PID), watched by each client in a fresh {@link ProbeMain} JVM — {@code fleet-informer4j}
 * (a {@link FleetProbe}: one {@code FleetManager}, one ConfigMap controller over every cluster) or
 * {@code fleet-fabric8} (a {@link Fabric8FleetProbe}: one fabric8 client and informer per cluster).
 * Each probe reports the time until every ConfigMap of every cluster reached it ({@code sync_ms}),
 * the peak heap during that sync and the heap retained after it (after GC, over the baseline before
 * the client started), and the live threads; {@code cached} is the objects in its caches.
 *
 * <p>{@code -Dinformer4j.fleetServerHeap} (default {@code 8g}) and
 * {@code -Dinformer4j.fleetProbeHeap} (default {@code 6g}) size the two JVMs;
 * {@code -Dinformer4j.dataSet} chooses the ConfigMaps as for {@link KubernetesComparison}.
 *
 * <p>Arguments: {@code <clusters> <configMapsPerCluster> <runs> <client>...}; prints each run's
 * figures and the medians. Runs are interleaved as in {@link KubernetesComparison}.
 */
public final class FleetComparison {

  private static final String SERVER_HEAP = System.getProperty("informer4j.fleetServerHeap", "8g");
  private static final String PROBE_HEAP = System.getProperty("informer4j.fleetProbeHeap", "6g");
  private static final long STOP_WAIT_SECONDS = 20;

  private FleetComparison() {
  }

  /** Runs the comparison; see the class comment. */
  public static void main(String[] args) throws Exception {
    int clusters = Integer.parseInt(args[0]);
    int perCluster = Integer.parseInt(args[1]);
    int runs = Integer.parseInt(args[2]);
    List<String> clients = List.of(args).subList(3, args.length);
    if (clusters < 1 || perCluster < 1 || runs < 1 || clients.isEmpty()) {
      throw new IllegalArgumentException("usage: <clusters ≥ 1> <configMapsPerCluster ≥ 1> <runs ≥ 1> <client>...");
    }
    Process servers = startServers(clusters, perCluster);
    try {
      String urls = awaitUrls(servers);
      Map<String, List<Map<String, Double>>> results = new LinkedHashMap<>();
      for (int run = 0; run < runs; run++) {
        for (String client : clients) {
          Map<String, Double> figures = probe(client, urls, clusters * perCluster);
          System.out.println(client + " run " + run + ": " + figures);
          results.computeIfAbsent(client, c -> new ArrayList<>()).add(figures);
        }
      }
      results.forEach((client, figures) -> System.out.println("MEDIAN " + client + " clusters=" + clusters
          + " configMapsPerCluster=" + perCluster + ": " + KubernetesComparison.medians(figures)));
    } finally {
      stop(servers);
    }
  }

  private static Process startServers(int clusters, int perCluster) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = List.of(java, "-Xmx" + SERVER_HEAP, "-XX:+UseG1GC",
        "-Dinformer4j.dataSet=" + KubernetesComparison.DATA.name().toLowerCase(Locale.ROOT),
        "-cp", System.getProperty("java.class.path"), FleetServersMain.class.getName(),
        Integer.toString(clusters), Integer.toString(perCluster));
    return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
  }

  /** Reads the servers' output until they list their URLs; fails if they end first. */
  private static String awaitUrls(Process servers) throws Exception {
    BufferedReader out = new BufferedReader(new InputStreamReader(servers.getInputStream(), StandardCharsets.UTF_8));
    for (String line = out.readLine(); line != null; line = out.readLine()) {
      if (line.startsWith(FleetServersMain.SERVERS)) {
        return line.substring(FleetServersMain.SERVERS.length());
      }
    }
    throw new IllegalStateException("the servers' JVM ended before it was ready, exit code " + servers.waitFor());
  }

  /** Runs one probe JVM until it synced, then ends it (closing its input) and returns its figures. */
  private static Map<String, Double> probe(String client, String urls, int objects) throws Exception {
    Process process = KubernetesComparison.startProbe(client, urls, objects, 1, PROBE_HEAP);
    Map<String, Double> figures = new LinkedHashMap<>();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
      if (KubernetesComparison.readFigures(out, "SYNCED", figures) == null) {
        throw new IllegalStateException(client + " did not sync");
      }
      process.getOutputStream().close();
      if (!process.waitFor(STOP_WAIT_SECONDS, TimeUnit.SECONDS)) {
        throw new IllegalStateException(client + "'s probe did not end within " + STOP_WAIT_SECONDS + " s");
      }
      return figures;
    } finally {
      stop(process);
    }
  }

  /** Stops {@code process} by its PID: SIGTERM, then a kill if it has not ended within 20 s. */
  private static void stop(Process process) throws InterruptedException {
    process.toHandle().destroy();
    if (!process.waitFor(STOP_WAIT_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
    }
  }
}
