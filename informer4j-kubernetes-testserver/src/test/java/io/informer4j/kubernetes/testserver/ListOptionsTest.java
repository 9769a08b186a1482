package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The list and watch parameter combinations as a 1.32 API server (WatchList feature gate on)
 * accepts and refuses them: decoding into ListOptions (400, k8s.io/apimachinery
 * pkg/runtime/conversion.go), SetListOptionsDefaults (pkg/apis/meta/internalversion/defaults.go),
 * ValidateListOptions (422 Invalid ListOptions.meta.k8s.io, pkg/apis/meta/internalversion/validation/
 * validation.go, answered by ListResource in k8s.io/apiserver pkg/endpoints/handlers/get.go), the
 * continue check of the etcd3 store (pkg/storage/etcd3/store.go, resolveGetListRev) and the watch
 * cache's watch (pkg/storage/cacher/cacher.go).
 */
@EnableKubernetesTestServer(serve = ConfigMap.class, perTest = true)
class ListOptionsTest {

  private static final String CONFIGMAPS = "/api/v1/namespaces/default/configmaps";
  private static final String WATCH = CONFIGMAPS + "?watch=true&timeoutSeconds=10";

  KubernetesClient client;
  KubernetesTestServer server;
  RawHttp http;

  @BeforeEach
  void twoConfigMaps() {
    http = new RawHttp(server);
    for (String name : List.of("a", "b")) {
      client.resource(new ConfigMapBuilder().withNewMetadata().withName(name).endMetadata().build()).create();
    }
  }

  private String listVersion() {
    return String.valueOf(((java.util.Map<?, ?>) http.get(CONFIGMAPS).json().get("metadata")).get("resourceVersion"));
  }

  private static void assertInvalid(RawHttp.Answer answer, String message, String... causes) {
    assertThat(answer.invalidCauses()).containsExactly(causes);
    assertThat(answer.json()).containsEntry("message", message);
  }

  @Test
  void aListMatchWithoutAResourceVersionIsForbidden() {
    assertInvalid(http.get(CONFIGMAPS + "?resourceVersionMatch=NotOlderThan"),
        "ListOptions.meta.k8s.io \"\" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden"
            + " unless resourceVersion is provided",
        "FieldValueForbidden resourceVersionMatch Forbidden: resourceVersionMatch is forbidden unless resourceVersion"
            + " is provided");
  }

  @Test
  void anExactListAtVersionZeroIsForbidden() {
    assertInvalid(http.get(CONFIGMAPS + "?resourceVersionMatch=Exact&resourceVersion=0"),
        "ListOptions.meta.k8s.io \"\" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch \"exact\" is"
            + " forbidden for resourceVersion \"0\"",
        "FieldValueForbidden resourceVersionMatch Forbidden: resourceVersionMatch \"exact\" is forbidden for"
            + " resourceVersion \"0\"");
  }

  @Test
  void anUnknownMatchAndAMatchWithContinueAreRefusedTogether() {
    assertThat(http.get(CONFIGMAPS + "?resourceVersionMatch=Newest&resourceVersion=1&continue=abc").invalidCauses())
        .containsExactly(
            "FieldValueForbidden resourceVersionMatch Forbidden: resourceVersionMatch is forbidden when continue is provided",
            "FieldValueNotSupported resourceVersionMatch Unsupported value: \"Newest\": supported values: \"Exact\","
                + " \"NotOlderThan\", \"\"");
  }

  @Test
  void aListWithSendInitialEventsFalseIsStillForbidden() {
    assertThat(http.get(CONFIGMAPS + "?sendInitialEvents=false").invalidCauses()).containsExactly(
        "FieldValueForbidden sendInitialEvents Forbidden: sendInitialEvents is forbidden for list");
  }

  @Test
  void aContinueTokenWithASpecificVersionIsABadRequestAndWithVersionZeroReadsOn() {
    Object token = ((java.util.Map<?, ?>) http.get(CONFIGMAPS + "?limit=1").json().get("metadata")).get("continue");

    RawHttp.Answer refused = http.get(CONFIGMAPS + "?limit=1&continue=" + token + "&resourceVersion=" + listVersion());
    assertThat(refused.code()).isEqualTo(400);
    assertThat(refused.json()).containsEntry("reason", "BadRequest")
        .containsEntry("message", "specifying resource version is not allowed when using continue");
    RawHttp.Answer next = http.get(CONFIGMAPS + "?limit=1&continue=" + token + "&resourceVersion=0");
    assertThat(next.code()).isEqualTo(200);
    assertThat(next.body()).contains("\"name\":\"b\"").doesNotContain("\"name\":\"a\"");
  }

  @Test
  void aLimitThatIsNoNumberIsABadRequestWithTheParsersMessage() {
    RawHttp.Answer answer = http.get(CONFIGMAPS + "?limit=ten");

    assertThat(answer.code()).isEqualTo(400);
    assertThat(answer.json()).containsEntry("reason", "BadRequest")
        .containsEntry("message", "strconv.ParseInt: parsing \"ten\": invalid syntax");
  }

  @Test
  void aSelectorThatDoesNotParseIsABadRequest() {
    assertThat(http.get(CONFIGMAPS + "?fieldSelector=metadata.name").json())
        .containsEntry("code", 400).containsEntry("reason", "BadRequest");
    assertThat(http.get(CONFIGMAPS + "?labelSelector=app%20in").json())
        .containsEntry("code", 400).containsEntry("reason", "BadRequest");
  }

  @Test
  void aWatchMatchWithoutSendInitialEventsIsForbidden() {
    assertThat(http.get(WATCH + "&resourceVersionMatch=NotOlderThan&resourceVersion=" + listVersion()).invalidCauses())
        .containsExactly("FieldValueForbidden resourceVersionMatch Forbidden: resourceVersionMatch is forbidden for"
            + " watch unless sendInitialEvents is provided");
  }

  @Test
  void initialEventsNeedTheNotOlderThanMatch() {
    assertThat(http.get(WATCH + "&sendInitialEvents=true&allowWatchBookmarks=true").invalidCauses())
        .containsExactly("FieldValueForbidden resourceVersionMatch Forbidden: sendInitialEvents requires setting"
            + " resourceVersionMatch to NotOlderThan");
    assertThat(http.get(WATCH + "&sendInitialEvents=true&resourceVersionMatch=Exact&resourceVersion=1")
        .invalidCauses()).containsExactly(
            "FieldValueForbidden resourceVersionMatch Forbidden: sendInitialEvents requires setting"
                + " resourceVersionMatch to NotOlderThan",
            "FieldValueNotSupported resourceVersionMatch Unsupported value: \"Exact\": supported values: \"NotOlderThan\"");
  }

  @Test
  void initialEventsWithoutBookmarksAreTheStateAloneAsTheWatchCacheSendsThem() {
    List<String> events = http.firstLines(WATCH + "&sendInitialEvents=true&resourceVersionMatch=NotOlderThan"
        + "&resourceVersion=" + listVersion(), 3,
        () -> client.resource(new ConfigMapBuilder().withNewMetadata().withName("c").endMetadata().build()).create());

    assertThat(events).extracting(line -> line.substring(0, 16)).containsOnly("{\"type\":\"ADDED\",");
    assertThat(events.get(2)).contains("\"name\":\"c\"");
  }

  @Test
  void aWatchFromNoVersionWithBookmarksEndsItsStateWithTheInitialEventsBookmark() {
    List<String> events = http.firstLines(WATCH + "&allowWatchBookmarks=true", 3, () -> { });

    assertThat(events.subList(0, 2)).allSatisfy(line -> assertThat(line).startsWith("{\"type\":\"ADDED\""));
    assertThat(events.get(2)).startsWith("{\"type\":\"BOOKMARK\"")
        .contains("\"k8s.io/initial-events-end\":\"true\"");
  }

  @Test
  void sendInitialEventsFalseFromNoVersionStartsAtTheNewestVersionWithoutTheState() {
    List<String> events = http.firstLines(WATCH + "&sendInitialEvents=false&resourceVersionMatch=NotOlderThan", 1,
        () -> client.resource(new ConfigMapBuilder().withNewMetadata().withName("c").endMetadata().build()).create());

    assertThat(events).singleElement().satisfies(line -> assertThat(line).startsWith("{\"type\":\"ADDED\"")
        .contains("\"name\":\"c\""));
  }

  @Test
  void aZeroTimeoutIsTheServersDefault() {
    List<String> events = http.firstLines(CONFIGMAPS + "?watch=1&timeoutSeconds=0", 2, () -> { });

    assertThat(events).hasSize(2);
  }
}
