package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The two Event APIs over one storage, as on a cluster: the {@code events.k8s.io} group is served by
 * the core Event registry (kubernetes/pkg/registry/core/event), fields converted by
 * kubernetes/pkg/apis/events/v1/conversion.go; and the Event validation of
 * kubernetes/pkg/apis/core/validation/events.go (legacyValidateEvent on every write,
 * ValidateEventCreate and ValidateEventUpdate for writes through {@code events.k8s.io/v1}).
 */
@EnableKubernetesTestServer
class EventStorageTest {

  private static final String CORE = "/api/v1/namespaces/default/events";
  private static final String EVENTS = "/apis/events.k8s.io/v1/namespaces/default/events";
  private static final String REGARDING = "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"name\":\"web\","
      + "\"namespace\":\"default\",\"uid\":\"u-1\"}";

  KubernetesTestServer server;

  private static String eventsV1(String name, String extra) {
    return "{\"apiVersion\":\"events.k8s.io/v1\",\"kind\":\"Event\",\"metadata\":{\"name\":\"" + name + "\"},"
        + "\"eventTime\":\"2026-01-01T00:00:00.000000Z\",\"regarding\":" + REGARDING + ",\"reason\":\"Pulled\","
        + "\"note\":\"image pulled\",\"type\":\"Normal\",\"action\":\"Pull\","
        + "\"reportingController\":\"example.com/kubelet\",\"reportingInstance\":\"node-1\"" + extra + "}";
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> metadata(Map<String, Object> document) {
    return (Map<String, Object>) document.get("metadata");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> cast(Object item) {
    return (Map<String, Object>) item;
  }

  @Test
  void anEventWrittenThroughEventsV1IsReadThroughCoreV1Converted() {
    RawHttp http = new RawHttp(server);

    RawHttp.Answer created = http.post(EVENTS, eventsV1("pulled", ",\"series\":{\"count\":2,"
        + "\"lastObservedTime\":\"2026-01-01T00:01:00.000000Z\"}"));
    Map<String, Object> core = http.get(CORE + "/pulled").json();

    assertThat(created.code()).as(created.body()).isEqualTo(201);
    assertThat(core).containsEntry("apiVersion", "v1").containsEntry("message", "image pulled")
        .containsEntry("reportingComponent", "example.com/kubelet").containsEntry("reportingInstance", "node-1")
        .containsEntry("reason", "Pulled").containsEntry("action", "Pull").containsEntry("type", "Normal")
        .containsEntry("eventTime", "2026-01-01T00:00:00.000000Z")
        .containsEntry("series", Map.of("count", 2, "lastObservedTime", "2026-01-01T00:01:00.000000Z"))
        .doesNotContainKeys("note", "regarding", "reportingController");
    assertThat(core.get("involvedObject")).isEqualTo(Map.of("apiVersion", "v1", "kind", "Pod", "name", "web",
        "namespace", "default", "uid", "u-1"));
    assertThat(metadata(core).get("resourceVersion")).isEqualTo(metadata(created.json()).get("resourceVersion"));
    List<?> selected = (List<?>) http.get(CORE + "?fieldSelector=involvedObject.name%3Dweb,involvedObject.kind%3DPod")
        .json().get("items");
    assertThat(selected).extracting(item -> metadata(cast(item)).get("name")).contains("pulled");
    assertThat((List<?>) http.get(CORE + "?fieldSelector=involvedObject.name%3Dother").json().get("items")).isEmpty();
  }

  @Test
  void anEventWrittenThroughCoreV1IsReadThroughEventsV1WithItsDeprecatedFields() {
    RawHttp http = new RawHttp(server);

    RawHttp.Answer created = http.post(CORE, "{\"apiVersion\":\"v1\",\"kind\":\"Event\",\"metadata\":{\"name\":"
        + "\"legacy\"},\"involvedObject\":" + REGARDING + ",\"reason\":\"Killing\",\"message\":\"stopping\","
        + "\"source\":{\"component\":\"kubelet\",\"host\":\"node-1\"},\"firstTimestamp\":\"2026-01-01T00:00:00Z\","
        + "\"lastTimestamp\":\"2026-01-01T00:05:00Z\",\"count\":3,\"type\":\"Normal\"}");
    Map<String, Object> event = http.get(EVENTS + "/legacy").json();

    assertThat(created.code()).as(created.body()).isEqualTo(201);
    assertThat(event).containsEntry("apiVersion", "events.k8s.io/v1").containsEntry("note", "stopping")
        .containsEntry("deprecatedSource", Map.of("component", "kubelet", "host", "node-1"))
        .containsEntry("deprecatedFirstTimestamp", "2026-01-01T00:00:00Z")
        .containsEntry("deprecatedLastTimestamp", "2026-01-01T00:05:00Z").containsEntry("deprecatedCount", 3)
        .doesNotContainKeys("message", "source", "count", "involvedObject");
    assertThat(((Map<?, ?>) event.get("regarding")).get("name")).isEqualTo("web");
  }

  @Test
  void aWatchOfCoreEventsSeesAnEventWrittenThroughEventsV1() {
    List<Event> seen = new CopyOnWriteArrayList<>();
    try (KubernetesClient client = server.newClient();
         Watch watch = client.v1().events().inNamespace("default").watch(new Watcher<>() {
           @Override
           public void eventReceived(Action action, Event event) {
             seen.add(event);
           }

           @Override
           public void onClose(WatcherException cause) {
           }
         })) {
      assertThat(new RawHttp(server).post(EVENTS, eventsV1("watched", "")).code()).isEqualTo(201);

      await().atMost(Duration.ofSeconds(30)).until(() -> seen.stream().anyMatch(e ->
          e.getMetadata().getName().equals("watched") && "image pulled".equals(e.getMessage())
              && "web".equals(e.getInvolvedObject().getName())));
    }
  }

  @Test
  void aCreateThroughEventsV1NeedsTheNewFieldsAndNoDeprecatedOnes() {
    RawHttp http = new RawHttp(server);

    RawHttp.Answer refused = http.post(EVENTS, "{\"apiVersion\":\"events.k8s.io/v1\",\"kind\":\"Event\",\"metadata\":"
        + "{\"name\":\"bare\"},\"regarding\":" + REGARDING + ",\"reason\":\"Pulled\",\"type\":\"Odd\","
        + "\"deprecatedCount\":2,\"series\":{\"count\":1}}");

    assertThat(refused.invalidCauses()).containsExactly(
        "FieldValueInvalid series.count Invalid value: \"\": should be at least 2",
        "FieldValueRequired series.lastObservedTime Required value",
        "FieldValueRequired eventTime Required value",
        "FieldValueInvalid type Invalid value: \"\": has invalid value: Odd",
        "FieldValueInvalid count Invalid value: \"\": needs to be unset");
  }

  @Test
  void anEventWithAnEventTimeNeedsItsReportingFieldsOnEitherApi() {
    RawHttp http = new RawHttp(server);
    String overlong = "n".repeat(1025);

    RawHttp.Answer refused = http.post(CORE, "{\"apiVersion\":\"v1\",\"kind\":\"Event\",\"metadata\":{\"name\":"
        + "\"modern\"},\"involvedObject\":" + REGARDING + ",\"eventTime\":\"2026-01-01T00:00:00.000000Z\","
        + "\"message\":\"" + overlong + "\"}");

    assertThat(refused.invalidCauses()).containsExactly(
        "FieldValueRequired reportingController Required value",
        "FieldValueInvalid reportingController Invalid value: \"\": name part must be non-empty",
        "FieldValueInvalid reportingController Invalid value: \"\": name part must consist of alphanumeric characters, "
            + "'-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  "
            + "or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
        "FieldValueRequired reportingInstance Required value",
        "FieldValueRequired action Required value",
        "FieldValueRequired reason Required value",
        "FieldValueInvalid message Invalid value: \"\": can have at most 1024 characters");
  }

  @Test
  void anEventInAnotherNamespaceThanItsObjectIsRefused() {
    server.createNamespaces("shop");
    RawHttp http = new RawHttp(server);

    RawHttp.Answer legacy = http.post("/api/v1/namespaces/shop/events", "{\"apiVersion\":\"v1\",\"kind\":\"Event\","
        + "\"metadata\":{\"name\":\"elsewhere\"},\"involvedObject\":" + REGARDING + ",\"reason\":\"Killing\"}");
    RawHttp.Answer unplaced = http.post("/apis/events.k8s.io/v1/namespaces/shop/events",
        eventsV1("unplaced", "").replace(REGARDING, "{\"kind\":\"Node\",\"name\":\"node-1\"}"));
    RawHttp.Answer placed = http.post("/apis/events.k8s.io/v1/namespaces/shop/events", eventsV1("placed", ""));

    assertThat(legacy.invalidCauses()).containsExactly(
        "FieldValueInvalid involvedObject.namespace Invalid value: \"default\": does not match event.namespace");
    assertThat(unplaced.invalidCauses()).containsExactly(
        "FieldValueInvalid involvedObject.namespace Invalid value: \"\": does not match event.namespace");
    assertThat(placed.code()).as("an Event with an eventTime may name an object of another namespace").isEqualTo(201);
  }

  @Test
  void anUpdateThroughEventsV1KeepsEverythingButTheSeries() {
    RawHttp http = new RawHttp(server);
    http.post(EVENTS, eventsV1("kept", ""));
    Map<String, Object> stored = http.get(EVENTS + "/kept").json();
    String rv = (String) metadata(stored).get("resourceVersion");

    RawHttp.Answer seriesUpdate = http.send("PATCH", EVENTS + "/kept", "application/merge-patch+json",
        "{\"series\":{\"count\":2,\"lastObservedTime\":\"2026-01-01T00:02:00.000000Z\"}}", null);
    RawHttp.Answer noteUpdate = http.send("PATCH", EVENTS + "/kept", "application/merge-patch+json",
        "{\"note\":\"other\",\"reportingController\":\"example.com/other\"}", null);

    assertThat(seriesUpdate.code()).as(seriesUpdate.body()).isEqualTo(200);
    assertThat(metadata(seriesUpdate.json()).get("resourceVersion")).isNotEqualTo(rv);
    assertThat(noteUpdate.invalidCauses()).containsExactly(
        "FieldValueInvalid message Invalid value: \"other\": field is immutable",
        "FieldValueInvalid reportingController Invalid value: \"example.com/other\": field is immutable");
  }

  @Test
  void anEventWrittenThroughOneApiIsPatchedThroughTheOther() {
    RawHttp http = new RawHttp(server);
    http.post(EVENTS, eventsV1("patched", ""));

    RawHttp.Answer patched = http.send("PATCH", CORE + "/patched", "application/merge-patch+json",
        "{\"metadata\":{\"labels\":{\"seen\":\"yes\"}}}", null);
    Map<String, Object> event = http.get(EVENTS + "/patched").json();

    assertThat(patched.code()).as(patched.body()).isEqualTo(200);
    assertThat(patched.json()).containsEntry("message", "image pulled");
    assertThat(metadata(event)).containsEntry("labels", Map.of("seen", "yes"));
    assertThat(event).containsEntry("note", "image pulled").containsEntry("reportingController", "example.com/kubelet");
  }
}
