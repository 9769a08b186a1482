package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.meta.TypeKey;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * The cells the API server's printers compute, case by case: ages as k8s.io/apimachinery
 * pkg/util/duration {@code HumanDuration} (and its duration_test.go cases), Pods, Jobs, Services and
 * Events as k8s.io/kubernetes pkg/printers/internalversion/printers.go ({@code printPod},
 * {@code printJob}, {@code printService}, {@code printEvent}) and its printers_test.go cases, and
 * printer-column JSONPaths as k8s.io/client-go/util/jsonpath evaluates them.
 */
class TablePrintersTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Instant NOW = Instant.parse("2026-01-10T12:00:00Z");

  @SuppressWarnings("unchecked")
  private static Map<String, Object> json(String text) {
    return JSON.readValue(text, Map.class);
  }

  private static List<Object> cells(TypeKey type, String object) {
    return TablePrinters.of(type, Optional.empty()).row(json(object), NOW).cells();
  }

  @Test
  void agesAreHumanDurations() {
    assertThat(Ages.human(Duration.ofSeconds(-2))).isEqualTo("<invalid>");
    assertThat(Ages.human(Duration.ofMillis(-500))).isEqualTo("0s");
    assertThat(Ages.human(Duration.ofSeconds(119))).isEqualTo("119s");
    assertThat(Ages.human(Duration.ofSeconds(120))).isEqualTo("2m");
    assertThat(Ages.human(Duration.ofSeconds(9 * 60 + 59))).isEqualTo("9m59s");
    assertThat(Ages.human(Duration.ofMinutes(179))).isEqualTo("179m");
    assertThat(Ages.human(Duration.ofMinutes(3 * 60 + 1))).isEqualTo("3h1m");
    assertThat(Ages.human(Duration.ofHours(47))).isEqualTo("47h");
    assertThat(Ages.human(Duration.ofHours(48 + 3))).isEqualTo("2d3h");
    assertThat(Ages.human(Duration.ofDays(364))).isEqualTo("364d");
    assertThat(Ages.human(Duration.ofDays(2 * 365 + 10))).isEqualTo("2y10d");
    assertThat(Ages.human(Duration.ofDays(9 * 365))).isEqualTo("9y");
    assertThat(Ages.since(null, NOW)).isEqualTo("<unknown>");
    assertThat(Ages.since("yesterday", NOW)).isEqualTo("<invalid>");
    assertThat(Ages.since("2026-01-10T11:59:00+00:00", NOW)).isEqualTo("60s");
  }

  @Test
  void aRunningPodShowsItsReadyContainersAndTheAgeOfItsLastRestart() {
    List<Object> cells = cells(TypeKey.of("", "v1", "Pod"), """
        {"metadata":{"name":"web-0","creationTimestamp":"2026-01-10T11:00:00Z"},
         "spec":{"nodeName":"node-1","containers":[{"name":"web"},{"name":"log"}]},
         "status":{"phase":"Running","podIPs":[{"ip":"10.0.0.7"}],
           "containerStatuses":[
             {"name":"web","ready":true,"restartCount":2,"state":{"running":{}},
              "lastState":{"terminated":{"exitCode":1,"finishedAt":"2026-01-10T11:55:00Z"}}},
             {"name":"log","ready":false,"restartCount":0,"state":{"waiting":{"reason":"CrashLoopBackOff"}}}]}}""");

    assertThat(cells).containsExactly("web-0", "1/2", "CrashLoopBackOff", "2 (5m ago)", "60m", "10.0.0.7", "node-1",
        "<none>", "<none>");
  }

  @Test
  void podStatusesFollowPrintPod() {
    TypeKey pod = TypeKey.of("", "v1", "Pod");
    assertThat(cells(pod, "{\"metadata\":{\"name\":\"p\"},\"spec\":{\"containers\":[{\"name\":\"c\"}]},"
        + "\"status\":{\"phase\":\"Pending\"}}").subList(1, 5)).containsExactly("0/1", "Pending", "0", "<unknown>");
    assertThat(cells(pod, """
        {"metadata":{"name":"p"},"spec":{"initContainers":[{"name":"i1"},{"name":"i2"}],"containers":[{"name":"c"}]},
         "status":{"phase":"Pending","initContainerStatuses":[{"name":"i1","state":{"terminated":{"exitCode":0}}},
           {"name":"i2","state":{"running":{}}}]}}""").get(2)).isEqualTo("Init:1/2");
    assertThat(cells(pod, """
        {"metadata":{"name":"p","deletionTimestamp":"2026-01-10T11:59:00Z"},"spec":{"containers":[{"name":"c"}]},
         "status":{"phase":"Running"}}""").get(2)).isEqualTo("Terminating");
    assertThat(cells(pod, """
        {"metadata":{"name":"p"},"spec":{"containers":[{"name":"c"}]},
         "status":{"phase":"Failed","containerStatuses":[{"name":"c","state":{"terminated":{"exitCode":137,"signal":9}}}]}}""")
        .get(2)).isEqualTo("Signal:9");
    assertThat(TablePrinters.of(pod, Optional.empty()).row(json("{\"metadata\":{\"name\":\"p\"},\"status\":{\"phase\":"
        + "\"Succeeded\"}}"), NOW).conditions()).containsExactly(Map.of("type", "Completed", "status", "True",
        "reason", "Succeeded", "message", "The pod has completed successfully."));
  }

  @Test
  void aJobShowsItsStatusCompletionsAndDuration() {
    List<Object> cells = cells(TypeKey.of("batch", "v1", "Job"), """
        {"metadata":{"name":"pi"},"spec":{"completions":3,"selector":{"matchLabels":{"job-name":"pi"}},
          "template":{"spec":{"containers":[{"name":"pi","image":"perl"}]}}},
         "status":{"succeeded":3,"startTime":"2026-01-10T11:00:00Z","completionTime":"2026-01-10T11:01:30Z",
           "conditions":[{"type":"Complete","status":"True"}]}}""");

    assertThat(cells).containsExactly("pi", "Complete", "3/3", "90s", "<unknown>", "pi", "perl", "job-name=pi");
  }

  @Test
  void servicesShowTheirAddressesAndPorts() {
    TypeKey service = TypeKey.of("", "v1", "Service");
    assertThat(cells(service, """
        {"metadata":{"name":"web"},"spec":{"type":"NodePort","clusterIPs":["10.96.0.10"],"selector":{"app":"web"},
          "ports":[{"port":80,"nodePort":30080,"protocol":"TCP"},{"port":53,"protocol":"UDP"}]}}"""))
        .containsExactly("web", "NodePort", "10.96.0.10", "<none>", "80:30080/TCP,53/UDP", "<unknown>", "app=web");
    assertThat(cells(service, "{\"metadata\":{\"name\":\"lb\"},\"spec\":{\"type\":\"LoadBalancer\"}}").subList(2, 5))
        .containsExactly("<none>", "<pending>", "<none>");
  }

  @Test
  void eventsShowTheObjectTheyAreAbout() {
    List<Object> cells = cells(TypeKey.of("", "v1", "Event"), """
        {"metadata":{"name":"web.1"},"type":"Normal","reason":"Scheduled","message":" assigned \\n",
         "involvedObject":{"kind":"Pod","name":"web","fieldPath":"spec.containers{web}"},
         "source":{"component":"default-scheduler"},"firstTimestamp":"2026-01-10T11:58:00Z"}""");

    assertThat(cells).containsExactly("2m", "Normal", "Scheduled", "pod/web", "spec.containers{web}",
        "default-scheduler", "assigned", "2m", 1L, "web.1");
  }

  @Test
  void printerColumnPathsSelectAsClientGoJsonPathDoes() {
    Map<String, Object> object = json("""
        {"spec":{"hosts":[{"name":"a","port":1},{"name":"b","port":2}],"dotted.key":"d"},
         "status":{"conditions":[{"type":"Ready","status":"True"}]}}""");

    assertThat(PrinterJsonPath.parse(".spec.hosts[1].name").find(object)).containsExactly("b");
    assertThat(PrinterJsonPath.parse(".spec.hosts[-1].port").find(object)).containsExactly(2);
    assertThat(PrinterJsonPath.parse(".spec.hosts[*].name").find(object)).containsExactly("a", "b");
    assertThat(PrinterJsonPath.parse(".spec.hosts[?(@.port > 1)].name").find(object)).containsExactly("b");
    assertThat(PrinterJsonPath.parse(".status.conditions[?(@.type=='Ready')].status").find(object)).containsExactly("True");
    assertThat(PrinterJsonPath.parse(".spec['dotted.key']").find(object)).containsExactly("d");
    assertThat(PrinterJsonPath.parse(".spec.missing.deeper").find(object)).isEmpty();
    assertThat(PrinterJsonPath.parse(".spec.hosts[5]").find(object)).isEmpty();
    assertThatThrownBy(() -> PrinterJsonPath.parse("..name")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("recursive descent");
    assertThatThrownBy(() -> PrinterJsonPath.parse(".spec.hosts[?(@.port==1]")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void stringColumnsPrintOtherValuesAsGo() {
    Map<String, Object> version = json("""
        {"name":"v1","additionalPrinterColumns":[
          {"name":"F","type":"string","jsonPath":".f"},{"name":"E","type":"string","jsonPath":".e"},
          {"name":"N","type":"string","jsonPath":".n"},{"name":"I","type":"integer","jsonPath":".f"},
          {"name":"S","type":"integer","jsonPath":".s"}]}""");

    List<Object> cells = CustomResourcePrinter.of(version).row(json("{\"metadata\":{\"name\":\"x\"},\"f\":2.5,\"e\":1.0e22,"
        + "\"n\":null,\"s\":\"3\"}"), NOW).cells();

    assertThat(cells).containsExactly("x", "2.5", "1e+22", "<no value>", 2L, null);
  }
}
