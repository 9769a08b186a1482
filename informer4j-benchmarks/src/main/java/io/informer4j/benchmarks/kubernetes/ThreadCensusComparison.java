package io.informer4j.benchmarks.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.testkit.SimulatedApi;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The thread census: how many threads each client starts to run 1 and 20 ConfigMap informers (one
 * over all namespaces, or one per namespace), and informer4j's {@code Manager} to run 1 and 10
 * controllers, each case in a fresh JVM ({@link ThreadCensusProbe}) against one
 * {@link KubernetesTestServer} holding {@code objects} ConfigMaps over 20 namespaces (the comparison
 * harness's objects). Threads are counted twice: once every informer's handler has seen every object
 * (or every controller has reconciled every object), and again once each of them saw an update of
 * every object (the harness updates each object once, the probe's census done). Prints a Markdown
 * table, each figure as {@code <after the sync> / <after the events>}.
 *
 * <p>Arguments: {@code [objects]} (default 2,000), then optionally the cases as
 * {@code <subject>:<size>} (default: every case of {@link #CASES}).
 */
public final class ThreadCensusComparison {

  /** Every case: the Manager's informers and controllers, fabric8's and client-java's factories. */
  static final List<String> CASES = List.of("informer4j-manager:1", "informer4j-manager:20",
      "informer4j-manager-controllers:1", "informer4j-manager-controllers:10", "fabric8-factory:1", "fabric8-factory:20",
      "client-java:1", "client-java:20");
  private static final Pattern FIGURE = Pattern.compile("(\\w+)=(\\d+)");

  private ThreadCensusComparison() {
  }

  /** Runs the census; see the class comment. */
  public static void main(String[] args) throws Exception {
    int objects = args.length > 0 ? Integer.parseInt(args[0]) : 2_000;
    List<String> cases = args.length > 1 ? List.of(args).subList(1, args.length) : CASES;
    try (SimulatedApi api = SimulatedApi.builder().build();
         KubernetesTestServer server = KubernetesTestServer.start(api).serve(ConfigMap.class)) {
      for (int i = 0; i < objects; i++) {
        api.create(KubernetesComparison.CONFIG_MAPS.type(), KubernetesComparison.DATA.configMap(i, 0));
      }
      KubernetesComparison.listOnce(server.url());
      System.out.println("| subject | informers / controllers | threads started | of them `informer4j-*` "
          + "| JVM threads | names with a space or comma |");
      System.out.println("|---|---|---|---|---|---|");
      long generation = 0;
      for (String census : cases) {
        String[] parts = census.split(":");
        List<Map<String, Long>> figures = probe(parts[0], server.url(), Integer.parseInt(parts[1]), api, objects,
            ++generation);
        System.out.printf("| %s | %s | %s | %s | %s | %s |%n", parts[0], parts[1], pair(figures, "started"),
            pair(figures, "informer4j"), pair(figures, "jvm"), pair(figures, "unreadable"));
      }
    }
  }

  private static String pair(List<Map<String, Long>> figures, String name) {
    return figures.get(0).get(name) + " / " + figures.get(1).get(name);
  }

  /**
   * Runs one case's probe: reads its census after the sync, updates every object once (to
   * {@code generation}, new in every case, so each upsert is a change), tells the probe and reads its
   * census after the events.
   */
  private static List<Map<String, Long>> probe(String subject, String url, int size, SimulatedApi api, int objects,
                                               long generation) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java, "-Xmx1g", "-XX:+UseG1GC", "-cp",
        System.getProperty("java.class.path"), ThreadCensusProbe.class.getName(), subject, url,
        Integer.toString(objects), Integer.toString(size)));
    Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    List<Map<String, Long>> figures = new ArrayList<>();
    try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
         Writer in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8)) {
      figures.add(readCensus(out, "SYNCED"));
      if (!figures.get(0).isEmpty()) {
        for (int i = 0; i < objects; i++) {
          api.upsert(KubernetesComparison.CONFIG_MAPS.type(), KubernetesComparison.DATA.configMap(i, generation));
        }
        in.write("EVENTS\n");
        in.flush();
        figures.add(readCensus(out, "EVENTS"));
      }
    }
    int exit = process.waitFor();
    if (exit != 0 || figures.size() < 2 || figures.get(1).isEmpty()) {
      throw new IllegalStateException(subject + " × " + size + " gave no census (exit " + exit + ")");
    }
    return figures;
  }

  /** Reads the probe's output up to the census line {@code label}; returns its figures, empty if it ended first. */
  private static Map<String, Long> readCensus(BufferedReader out, String label) throws Exception {
    Map<String, Long> figures = new LinkedHashMap<>();
    for (String line = out.readLine(); line != null; line = out.readLine()) {
      if (line.startsWith(label)) {
        Matcher matcher = FIGURE.matcher(line);
        while (matcher.find()) {
          figures.put(matcher.group(1), Long.parseLong(matcher.group(2)));
        }
        return figures;
      }
    }
    return figures;
  }
}
