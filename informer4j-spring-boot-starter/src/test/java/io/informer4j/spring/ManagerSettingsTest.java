package io.informer4j.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.TypeKey;
import io.informer4j.reader.CacheConfig;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the properties of a listed type become in the cache options. */
class ManagerSettingsTest {

  @Test
  void aTypesSelectorsResyncPeriodAndObjectFormReachItsCacheConfig() {
    Informer4jProperties properties = new Informer4jProperties();
    Informer4jProperties.TypeProperties plain = new Informer4jProperties.TypeProperties();
    plain.setApiVersion("v1");
    plain.setKind("ConfigMap");
    plain.setLabelSelector("app=web");
    plain.setResyncPeriod(Duration.ofMinutes(5));
    plain.setCompactObjects(false);
    Informer4jProperties.TypeProperties compact = new Informer4jProperties.TypeProperties();
    compact.setApiVersion("apps/v1");
    compact.setKind("Deployment");
    properties.setTypes(List.of(plain, compact));

    var byType = ManagerSettings.cacheOptions(properties).byType();

    CacheConfig configMaps = byType.get(TypeKey.of("", "v1", "ConfigMap")).config();
    assertThat(configMaps.compactObjects()).isFalse();
    assertThat(configMaps.resyncPeriod()).isEqualTo(Duration.ofMinutes(5));
    assertThat(configMaps.labels()).isEqualTo(LabelSelector.parse("app=web"));
    assertThat(byType.get(TypeKey.of("apps", "v1", "Deployment")).config().compactObjects()).isNull();
  }
}
