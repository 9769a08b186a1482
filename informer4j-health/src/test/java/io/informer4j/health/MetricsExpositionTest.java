package io.informer4j.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.informer4j.controller.Result;
import io.informer4j.factory.InformerOptions;
import io.informer4j.manager.Manager;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a manager's informer, a queue registered for the shared informer factory's routing and a
 * controller publish on {@code /metrics}, scraped from a Prometheus registry after a few reconciles:
 * help text on every metric, controller-runtime's histogram buckets, readable queue names and no
 * series for the unused default queue, and every metric that the Grafana dashboard
 * ({@code docs/grafana/informer4j.json}) queries.
 */
class MetricsExpositionTest {

  private static final TypeKey PODS = TypeKey.of("", "v1", "Pod");
  private static final Path DASHBOARD = Path.of("..", "docs", "grafana", "informer4j.json");
  private static final Pattern SAMPLE_NAME = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)[{ ]");
  private static final Pattern LE = Pattern.compile("le=\"([^\"]+)\"");
  /** Label matchers, range and offset durations, grouping clauses and numbers: what in PromQL is not a metric. */
  private static final Pattern NOT_A_METRIC = Pattern.compile(
      "\\{[^}]*}|\\[[^]]*]|\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)|\"[^\"]*\"|\\b\\d+(\\.\\d+)?\\b");
  private static final Pattern IDENTIFIER = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*(\\s*\\()?");
  private static final Pattern LABEL_VALUES = Pattern.compile("label_values\\((.*),\\s*[a-zA-Z_]+\\)");
  private static final Set<String> PROMQL_WORDS = Set.of("and", "or", "unless", "bool", "offset");

  private final SimulatedApi api = SimulatedApi.builder().type(PODS, Scope.NAMESPACED).build();
  private final PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final Manager manager = Manager.builder(api).meterRegistry(prometheus).build();
  private String scrape;

  @BeforeEach
  void runAnInformerAQueueAndAController() throws Exception {
    manager.queues().register(PODS);
    manager.factory().informerFor(api.type(PODS), InformerOptions.builder().name("Pod").build());
    manager.controller("pods", api.type(PODS)).reconcile(key -> Result.done());
    api.create(PODS, SimObject.of("shop", "web-1"));
    api.create(PODS, SimObject.of("shop", "web-2"));
    manager.start();
    await().atMost(Duration.ofSeconds(60)).until(() ->
        prometheus.get("controller_runtime_reconcile_total").tag("result", "success").counter().count() >= 2);
    scrape = prometheus.scrape();
  }

  @AfterEach
  void stop() throws InterruptedException {
    manager.stop(Duration.ofSeconds(10));
    api.close();
  }

  @Test
  void everyMetricHasHelpText() {
    Map<String, String> help = new LinkedHashMap<>();
    List<String> families = new ArrayList<>();
    for (String line : scrape.split("\n")) {
      if (line.startsWith("# HELP ")) {
        String[] parts = line.substring("# HELP ".length()).split(" ", 2);
        help.put(parts[0], parts.length > 1 ? parts[1].strip() : "");
      } else if (line.startsWith("# TYPE ")) {
        families.add(line.substring("# TYPE ".length()).split(" ")[0]);
      }
    }

    assertThat(families).as("metric families").hasSizeGreaterThan(30);
    assertThat(families).allSatisfy(family -> assertThat(help.get(family)).as("help of %s", family).isNotBlank());
  }

  @Test
  void durationsHaveControllerRuntimesBuckets() {
    assertThat(bucketBounds("controller_runtime_reconcile_time_seconds")).containsExactly(0.005, 0.01, 0.025, 0.05,
        0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 3.5,
        4.0, 4.5, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 15.0, 20.0, 25.0, 30.0, 40.0, 50.0, 60.0, Double.POSITIVE_INFINITY);
    for (String queueHistogram : List.of("workqueue_queue_duration_seconds", "workqueue_work_duration_seconds")) {
      assertThat(bucketBounds(queueHistogram)).as(queueHistogram).containsExactly(1e-8, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3,
          1e-2, 1e-1, 1.0, 10.0, 100.0, 1000.0, Double.POSITIVE_INFINITY);
    }
  }

  @Test
  void queuesHaveReadableNamesAndTheUnusedDefaultQueueHasNoSeries() {
    Set<String> names = new TreeSet<>();
    Matcher matcher = Pattern.compile("^workqueue_[a-z_]+\\{[^}]*name=\"([^\"]*)\"", Pattern.MULTILINE).matcher(scrape);
    while (matcher.find()) {
      names.add(matcher.group(1));
    }

    assertThat(names).containsExactly("Pod.v1", "pods");
  }

  @Test
  void everyMetricTheDashboardQueriesIsExported() throws IOException {
    Set<String> exported = new TreeSet<>();
    for (String line : scrape.split("\n")) {
      Matcher matcher = SAMPLE_NAME.matcher(line);
      if (matcher.find()) {
        exported.add(matcher.group(1));
      }
    }
    List<String> queries = new ArrayList<>();
    JsonNode dashboard = new ObjectMapper().readTree(DASHBOARD.toFile());
    dashboard.findValues("expr").forEach(expr -> queries.add(expr.asText()));
    dashboard.path("templating").path("list").forEach(variable -> {
      if (variable.path("query").has("query")) {
        queries.add(variable.path("query").path("query").asText());
      }
    });

    assertThat(queries).as("the dashboard's queries").hasSizeGreaterThan(30);
    Map<String, Set<String>> missing = new LinkedHashMap<>();
    for (String query : queries) {
      Set<String> unknown = metricNames(query).stream().filter(name -> !exported.contains(name))
          .collect(Collectors.toCollection(TreeSet::new));
      if (!unknown.isEmpty()) {
        missing.put(query, unknown);
      }
    }
    assertThat(missing).as("metrics queried but not exported").isEmpty();
  }

  @Test
  void theMetricNamesOfAQueryAreFound() {
    assertThat(metricNames("histogram_quantile(0.99, sum by (name, le) (rate(workqueue_queue_duration_seconds_bucket"
        + "{name=~\"$queue\"}[$__rate_interval])))")).containsExactly("workqueue_queue_duration_seconds_bucket");
    assertThat(metricNames("max by (informer, state) (informer4j_informer_state{informer=~\"$informer\"}) == 1"))
        .containsExactly("informer4j_informer_state");
    assertThat(metricNames("label_values(workqueue_depth, name)")).containsExactly("workqueue_depth");
  }

  /**
   * Returns the identifiers of a PromQL query (or a Grafana {@code label_values} query) that are not
   * functions, keywords, label matchers, grouping labels, durations or numbers: its metric names (for
   * {@code label_values(metric, label)}, the metric's).
   */
  private static Set<String> metricNames(String query) {
    Matcher labelValues = LABEL_VALUES.matcher(query);
    if (labelValues.matches()) {
      return metricNames(labelValues.group(1));
    }
    String stripped = NOT_A_METRIC.matcher(query.replace("$__rate_interval", "")).replaceAll(" ");
    Set<String> names = new TreeSet<>();
    Matcher matcher = IDENTIFIER.matcher(stripped);
    while (matcher.find()) {
      boolean function = matcher.group(1) != null;
      String name = matcher.group().replaceAll("\\s*\\($", "");
      boolean variable = matcher.start() > 0 && stripped.charAt(matcher.start() - 1) == '$';
      if (!function && !variable && !PROMQL_WORDS.contains(name)) {
        names.add(name);
      }
    }
    return names;
  }

  private List<Double> bucketBounds(String histogram) {
    List<Double> bounds = new ArrayList<>();
    for (String line : scrape.split("\n")) {
      if (line.startsWith(histogram + "_bucket{")) {
        Matcher matcher = LE.matcher(line);
        if (matcher.find()) {
          bounds.add(matcher.group(1).equals("+Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(matcher.group(1)));
        }
      }
    }
    return bounds.stream().distinct().sorted().toList();
  }
}
