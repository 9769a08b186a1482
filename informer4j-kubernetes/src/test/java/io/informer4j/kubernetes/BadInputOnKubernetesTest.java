package io.informer4j.kubernetes;

import static io.informer4j.kubernetes.TestServerFixture.CONFIG_MAPS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Secret;
import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.SelectorParseException;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.UnknownTypeException;
import io.informer4j.reader.CacheNotStartedException;
import io.informer4j.reader.CacheReader;
import io.informer4j.reader.InformersMap;
import io.informer4j.reader.ListOptions;
import io.informer4j.reader.MapEntry;
import io.informer4j.reader.MissingIndexException;
import io.informer4j.reader.TypeMismatchException;
import io.informer4j.source.InvalidRequestException;
import io.informer4j.source.ListRequest;
import io.informer4j.source.Selection;
import io.informer4j.source.TypeNotFoundException;
import io.informer4j.testkit.SimObject;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Bad input on the Kubernetes backend, over the test server: each mistake a user can make when
 * registering or reading a type is a typed error naming what was wrong, raised where the mistake is
 * made, and never a silent empty cache.
 */
class BadInputOnKubernetesTest {

  private static final Duration WAIT = Duration.ofSeconds(20);
  private static final TypeKey GADGETS = TypeKey.of("example.com", "v1", "Gadget");

  private final TestServerFixture fixture = new TestServerFixture();
  private final KubernetesBackend backend = fixture.backend;
  private final InformersMap map = InformersMap.builder(backend).build();

  @AfterEach
  void tearDown() throws InterruptedException {
    map.stop(Duration.ofSeconds(10));
    fixture.close();
  }

  /** A fabric8 resource class without {@code @Group}/{@code @Version}, so no API type. */
  static final class Unversioned extends GenericKubernetesResource {
    private static final long serialVersionUID = 1L;
  }

  @Test
  void aClassThatIsNoTypedModelIsAnUnknownTypeNamingTheClass() {
    assertThatThrownBy(() -> backend.type(String.class)).isInstanceOf(UnknownTypeException.class)
        .hasMessageContaining(String.class.getName());
    assertThatThrownBy(() -> backend.type(Unversioned.class)).isInstanceOf(UnknownTypeException.class)
        .hasMessageContaining(Unversioned.class.getName()).hasMessageContaining("API version");
    assertThatThrownBy(() -> backend.type(GenericKubernetesResource.class)).isInstanceOf(UnknownTypeException.class)
        .hasMessageContaining("dynamic()");

    ObjectType<String> strings = ObjectType.of(CONFIG_MAPS.type(), "strings", String.class,
        ObjectAdapter.builder((String s) -> "", (String s) -> s).build());
    assertThatThrownBy(() -> map.get(strings, WAIT)).isInstanceOf(UnknownTypeException.class)
        .hasMessageContaining(String.class.getName());
    assertThat(map.entries()).isEmpty();
  }

  @Test
  void aTypeTheServerDoesNotServeIsRegisteredAsMissingAndAnUnknownPluralIsTypeNotFound() {
    MapEntry<GenericKubernetesResource> gadgets = map.get(backend.dynamic(GADGETS), WAIT);
    assertThat(gadgets.isMissing()).isTrue();
    assertThat(gadgets.presence()).contains("Gadget");

    assertThatThrownBy(() -> backend.dynamicByPlural("example.com", "v1", "gadgets"))
        .isInstanceOf(TypeNotFoundException.class).hasMessageContaining("gadgets");
  }

  @Test
  void aModelClassUsedForAnotherTypeIsATypeMismatchNamingBothTypes() {
    TypeKey secrets = backend.type(Secret.class).key();
    ObjectType<ConfigMap> secretsAsConfigMaps = ObjectType.of(secrets, ConfigMap.class, backend.type(ConfigMap.class).adapter());

    assertThatThrownBy(() -> map.get(secretsAsConfigMaps, WAIT)).isInstanceOf(TypeMismatchException.class)
        .hasMessageContaining(secrets.toString()).hasMessageContaining(CONFIG_MAPS.type().toString());
    assertThatThrownBy(() -> backend.listerWatcher(secretsAsConfigMaps)).isInstanceOf(UnknownTypeException.class)
        .hasMessageContaining(ConfigMap.class.getName());
    assertThat(map.entries()).isEmpty();
  }

  @Test
  void aSelectorThatDoesNotParseFailsAtParsingAndOneTheServerRefusesIsAnInvalidRequestNamingTheField() {
    assertThatThrownBy(() -> LabelSelector.parse("app in (web")).isInstanceOf(SelectorParseException.class);
    assertThatThrownBy(() -> FieldSelector.parse("data.color")).isInstanceOf(SelectorParseException.class);

    Selection byColor = Selection.all().withFields(FieldSelector.parse("data.color=red"));
    assertThatThrownBy(() -> fixture.configMaps().list(ListRequest.of(byColor, ""), item -> { }))
        .isInstanceOf(InvalidRequestException.class).hasMessageContaining("data.color");
  }

  @Test
  void aFieldSelectorWithoutAFieldIndexIsAMissingIndexNamingTheField() throws InterruptedException {
    fixture.api.create(CONFIG_MAPS.type(), SimObject.of("shop", "cart").withContentAt("data.color", "red"));
    CacheReader<ConfigMap> configMaps = map.reader(backend.type(ConfigMap.class));
    map.start();
    assertThat(map.waitForCacheSync(WAIT)).isTrue();

    assertThatThrownBy(() -> configMaps.list(ListOptions.all().withFields(FieldSelector.equal("data.color", "red"))))
        .isInstanceOfSatisfying(MissingIndexException.class, e -> assertThat(e.field()).isEqualTo("data.color"))
        .hasMessageContaining("data.color");
  }

  @Test
  void aReadBeforeStartIsCacheNotStarted() {
    CacheReader<ConfigMap> configMaps = map.reader(backend.type(ConfigMap.class));

    assertThatThrownBy(() -> configMaps.get(ObjectKey.of("shop", "cart"))).isInstanceOf(CacheNotStartedException.class)
        .hasMessageContaining(CONFIG_MAPS.type().toString());
    assertThatThrownBy(() -> configMaps.list(ListOptions.all())).isInstanceOf(CacheNotStartedException.class);
  }
}
