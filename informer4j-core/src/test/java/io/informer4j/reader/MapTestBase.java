package io.informer4j.reader;

import java.time.Duration;
import org.junit.jupiter.api.AfterEach;

/**
 * What the informers-map tests share: a {@link ReaderFixture}, the map under test (set by each test)
 * and a teardown that stops the map, then the fixture's runtime.
 */
abstract class MapTestBase {

  /** The longest wait of a test for a sync, a read or a stop. */
  static final Duration WAIT = Duration.ofSeconds(60);

  final ReaderFixture fixture = new ReaderFixture();
  /** The map under test; null until a test builds one. */
  InformersMap map;

  @AfterEach
  void stopMapAndRuntime() throws InterruptedException {
    if (map != null) {
      map.stop(WAIT);
    }
    fixture.close();
  }
}
