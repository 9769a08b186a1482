package io.informer4j.kubernetes.chaos;

import static io.informer4j.kubernetes.chaos.ChaosFixture.CONFIG_MAPS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.source.ListRequest;
import io.informer4j.source.Selection;
import io.informer4j.source.SourceException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.chaos.ProxiedRequest;
import io.informer4j.testkit.chaos.Truncation;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A list body the proxy ends in its middle — by a reset, or by a proper last chunk inside the JSON
 * — fails as a whole: a list cut short must never pass for the complete list (its missing objects
 * would look deleted).
 */
class TruncatedListTest {

  private ChaosFixture fixture;

  @BeforeEach
  void start() {
    fixture = new ChaosFixture(2);
    for (int i = 0; i < 20; i++) {
      fixture.api.create(CONFIG_MAPS.type(), SimObject.of("shop", "cm-" + i).withContentAt("data.v", "value " + i));
    }
  }

  @AfterEach
  void stop() {
    fixture.close();
  }

  @ParameterizedTest
  @EnumSource(Truncation.class)
  void aListCutShortFailsAsAWhole(Truncation how) {
    fixture.proxy.truncateResponses(ProxiedRequest::isRead, 1500, how, 1);
    List<ConfigMap> received = new CopyOnWriteArrayList<>();

    assertThatThrownBy(() -> fixture.configMaps().list(ListRequest.of(Selection.all(), ""), received::add))
        .isInstanceOf(SourceException.class);
    assertThat(received).hasSizeLessThan(20);

    // The first request after the cut may still meet the connection the proxy closed (a transient
    // failure an informer retries); the next list that succeeds is whole.
    await().atMost(Duration.ofSeconds(60)).ignoreException(TransientSourceException.class).untilAsserted(() -> {
      List<ConfigMap> again = new CopyOnWriteArrayList<>();
      fixture.configMaps().list(ListRequest.of(Selection.all(), ""), again::add);
      assertThat(again).as("the next list is whole").hasSize(20);
    });
  }
}
