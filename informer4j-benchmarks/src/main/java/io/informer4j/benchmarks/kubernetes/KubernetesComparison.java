package io.informer4j.benchmarks.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.kubernetes.ResourceDescriptor;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimulatedApi;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Side-by-side comparison of Kubernetes informers over loopback HTTP: informer4j (this project's
 * Kubernetes backend), fabric8 8.0.0's {@code SharedIndexInformer} and client-java 27.0.0's
 * informer, each in a fresh JVM ({@link ProbeMain}) with the same heap settings, against one
 * {@link KubernetesTestServer} holding {@code objects} ConfigMaps of the chosen {@link ConfigMapDataSet}
 * ({@code -Dinformer4j.dataSet=cluster|repeating}, default {@code cluster}) spread over 20 namespaces.
 *
 * <p>MODIFIED events are measured twice per client: <em>live</em>, the server producing them while
 * the client takes them (every client lands near the server's own rate on a shared machine), and
 * as a <em>burst</em>, the events encoded while the server holds every watch and then released at
 * once ({@link KubernetesTestServer#holdWatchEvents()}), which measures how fast the client takes
 * them.
 *
 * <p>With {@code -Dinformer4j.idleSeconds=<s>}, each probe then counts its live threads after the
 * events ({@code threads_after_events}), stays idle for {@code s} seconds and counts them again
 * ({@code idle_threads}), showing which pools grow with work and which give idle threads back.
 *
 * <p>{@code -Dinformer4j.probeJvmOptions="<options>"} adds JVM options to every probe, for example
 * {@code -XX:StartFlightRecording=filename=probe.jfr} to profile the clients.
 *
 * <p>Arguments: {@code <objects> <runs> <informers> <modified events> <client>...}; prints each
 * run's figures and the medians. Runs are interleaved (the first run of every client, then the
 * second of every client, …), so a machine that gets slower or faster during the comparison, or a
 * server whose state ages, weighs on every client alike. Before the first probe the harness lists
 * every object once, so the server has encoded each of them before any client asks.
 */
public final class KubernetesComparison {

  static final ResourceDescriptor CONFIG_MAPS = ResourceDescriptor.of(ConfigMap.class);
  private static final TypeKey TYPE = CONFIG_MAPS.type();
  private static final Pattern FIGURE = Pattern.compile("(\\w+)=([0-9.]+)");
  /** The objects served ({@code -Dinformer4j.dataSet}). */
  static final ConfigMapDataSet DATA = ConfigMapDataSet.chosen();
  /** Seconds each probe stays idle after the events before it counts its threads again; 0 skips it. */
  private static final int IDLE_SECONDS = Integer.getInteger("informer4j.idleSeconds", 0);
  /** Extra options for each probe JVM, space-separated (a profiler, say); none by default. */
  private static final String PROBE_OPTIONS = System.getProperty("informer4j.probeJvmOptions", "");

  private KubernetesComparison() {
  }

  /** Runs the comparison; see the class comment. */
  public static void main(String[] args) throws Exception {
    int objects = Integer.parseInt(args[0]);
    int runs = Integer.parseInt(args[1]);
    int informers = Integer.parseInt(args[2]);
    int events = Integer.parseInt(args[3]);
    List<String> clients = List.of(args).subList(4, args.length);
    try (SimulatedApi api = SimulatedApi.builder().historyLimit(Math.max(10_000, 2 * events)).build();
         KubernetesTestServer server = KubernetesTestServer.start(api).serve(ConfigMap.class)) {
      for (int i = 0; i < objects; i++) {
        api.create(TYPE, DATA.configMap(i, 0));
      }
      listOnce(server.url());
      Map<String, List<Map<String, Double>>> results = new LinkedHashMap<>();
      int probes = 0;
      for (int run = 0; run < runs; run++) {
        for (String client : clients) {
          Map<String, Double> figures = probe(client, server, api, objects, informers, events, probes++);
          System.out.println(client + " run " + run + ": " + figures);
          results.computeIfAbsent(client, c -> new ArrayList<>()).add(figures);
        }
      }
      results.forEach((client, figures) -> System.out.println(
          "MEDIAN " + client + " objects=" + objects + " informers=" + informers + ": " + medians(figures)));
    }
  }

  /**
   * Lists every ConfigMap once and drops the answer, so that the server has encoded each object
   * before the first probe, as it has for every later one.
   */
  static void listOnce(String serverUrl) throws Exception {
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    HttpResponse<Void> list = http.send(HttpRequest.newBuilder(URI.create(serverUrl + "/api/v1/configmaps")).build(),
        HttpResponse.BodyHandlers.discarding());
    if (list.statusCode() != 200) {
      throw new IllegalStateException("the warm-up list was answered " + list.statusCode());
    }
  }

  private static Map<String, Double> probe(String client, KubernetesTestServer server, SimulatedApi api, int objects,
                                           int informers, int events, int probe) throws Exception {
    Process process = startProbe(client, server.url(), objects, informers, "2g");
    Map<String, Double> figures = new LinkedHashMap<>();
    try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
         Writer in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8)) {
      String line = readFigures(out, "SYNCED", figures);
      if (line == null) {
        throw new IllegalStateException(client + " did not sync");
      }
      go(in, out, "live", events);
      update(api, objects, events, 2L * probe);
      readFigures(out, "EVENTS", figures);
      server.holdWatchEvents();
      update(api, objects, events, 2L * probe + 1);
      go(in, out, "burst", events);
      server.releaseWatchEvents();
      readFigures(out, "EVENTS", figures);
      if (IDLE_SECONDS > 0) {
        in.write("IDLE " + IDLE_SECONDS + "\n");
        in.flush();
        readFigures(out, "IDLE", figures);
      }
    }
    process.waitFor();
    return figures;
  }

  /**
   * Starts a {@link ProbeMain} JVM for {@code client} with a heap of {@code heap} (a {@code -Xmx}
   * size, also its {@code -Xms}), G1 and {@code -Dinformer4j.probeJvmOptions}; its standard error
   * goes to this JVM's.
   */
  static Process startProbe(String client, String url, int objects, int informers, String heap) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java, "-Xmx" + heap, "-Xms" + heap, "-XX:+UseG1GC"));
    if (!PROBE_OPTIONS.isBlank()) {
      command.addAll(List.of(PROBE_OPTIONS.trim().split("\\s+")));
    }
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), ProbeMain.class.getName(), client,
        url, Integer.toString(objects), Integer.toString(informers)));
    return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
  }

  /** Tells the probe {@code events} are coming and waits until it is counting. */
  private static void go(Writer in, BufferedReader out, String label, int events) throws Exception {
    in.write("GO " + label + " " + events + "\n");
    in.flush();
    if (readFigures(out, "READY", new LinkedHashMap<>()) == null) {
      throw new IllegalStateException("the probe ended before counting " + label + " events");
    }
  }

  /**
   * Writes {@code events} updates, round-robin over the objects. Generations are numbered across
   * every batch of this run ({@code batch} counts them), so no batch writes a state an object already
   * has: an upsert equal to the stored object changes nothing and sends no event.
   */
  private static void update(SimulatedApi api, int objects, int events, long batch) {
    for (int i = 0; i < events; i++) {
      api.upsert(TYPE, DATA.configMap(i % objects, batch * events + i + 1));
    }
  }

  /**
   * Reads lines until one starts with {@code prefix}, puts its {@code name=value} figures into
   * {@code figures} and returns it; returns null if the output ends first.
   */
  static String readFigures(BufferedReader out, String prefix, Map<String, Double> figures) throws Exception {
    for (String line = out.readLine(); line != null; line = out.readLine()) {
      if (line.startsWith(prefix)) {
        Matcher matcher = FIGURE.matcher(line);
        while (matcher.find()) {
          figures.put(matcher.group(1), Double.parseDouble(matcher.group(2)));
        }
        return line;
      }
    }
    return null;
  }

  /** Returns the median of each figure over the runs (the upper one of an even count). */
  static Map<String, Double> medians(List<Map<String, Double>> results) {
    Map<String, Double> medians = new LinkedHashMap<>();
    for (String key : results.get(0).keySet()) {
      double[] values = results.stream().mapToDouble(r -> r.getOrDefault(key, Double.NaN)).sorted().toArray();
      medians.put(key, values[values.length / 2]);
    }
    return medians;
  }
}
