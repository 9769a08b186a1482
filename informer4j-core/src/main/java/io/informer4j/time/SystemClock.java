package io.informer4j.time;

import java.time.Instant;

/** The system clock. Stateless singleton. */
enum SystemClock implements Clock {
  INSTANCE;

  @Override
  public long nanoTime() {
    return System.nanoTime();
  }

  @Override
  public Instant instant() {
    return Instant.now();
  }
}
