package io.informer4j.testkit.chaos;

import java.time.Duration;
import java.util.Objects;

/**
 * A fault of one proxied connection, applied by {@link FaultProxy} to connections that are open
 * ({@link FaultProxy#applyToOpen}, {@link ProxyConnection#apply}) or to each connection it accepts
 * ({@link FaultProxy#applyToNew}), where it takes effect at once. Immutable.
 */
public sealed interface ConnectionFault {

  /** Closes both sides of the connection at once, as when a network path fails. */
  static ConnectionFault cut() {
    return Cut.INSTANCE;
  }

  /**
   * Stops forwarding in both directions for {@code duration}, then resumes with every byte intact,
   * as a congested or paused network path does. Stalls on one connection do not add up: the later
   * end wins.
   *
   * @throws IllegalArgumentException if the duration is negative
   */
  static ConnectionFault stall(Duration duration) {
    return new Stall(duration);
  }

  /**
   * Stops forwarding in both directions for good while the sockets stay open: neither side hears
   * anything, not even a close, until it gives up by itself (a silent connection).
   * {@link FaultProxy#heal()} does not revive a black-holed connection.
   */
  static ConnectionFault blackHole() {
    return BlackHole.INSTANCE;
  }

  /**
   * Writes {@code bytes} random bytes into the server-to-client stream at its next safe point: in a
   * chunked HTTP body as a chunk of its own (the framing stays valid, the content is garbage),
   * elsewhere as they are.
   *
   * @throws IllegalArgumentException if {@code bytes} is not positive
   */
  static ConnectionFault garbage(int bytes) {
    return new Garbage(bytes);
  }

  /**
   * Forwards {@code bytes} more server-to-client bytes, then closes both sides, ending whatever
   * response is under way in its middle.
   *
   * @throws IllegalArgumentException if {@code bytes} is negative
   */
  static ConnectionFault truncateAfter(long bytes) {
    return new TruncateAfter(bytes);
  }

  /** See {@link ConnectionFault#cut()}. */
  enum Cut implements ConnectionFault {
    /** The one cut. */
    INSTANCE;

    @Override
    public String toString() {
      return "cut";
    }
  }

  /** See {@link ConnectionFault#blackHole()}. */
  enum BlackHole implements ConnectionFault {
    /** The one black hole. */
    INSTANCE;

    @Override
    public String toString() {
      return "black hole";
    }
  }

  /**
   * See {@link ConnectionFault#stall(Duration)}.
   *
   * @param duration how long forwarding stops
   */
  record Stall(Duration duration) implements ConnectionFault {
    /** @throws IllegalArgumentException if the duration is negative */
    public Stall {
      Objects.requireNonNull(duration, "duration");
      if (duration.isNegative()) {
        throw new IllegalArgumentException("a stall cannot last a negative time: " + duration);
      }
    }
  }

  /**
   * See {@link ConnectionFault#garbage(int)}.
   *
   * @param bytes how many random bytes are written
   */
  record Garbage(int bytes) implements ConnectionFault {
    /** @throws IllegalArgumentException if {@code bytes} is not positive */
    public Garbage {
      if (bytes < 1) {
        throw new IllegalArgumentException("garbage needs at least one byte: " + bytes);
      }
    }
  }

  /**
   * See {@link ConnectionFault#truncateAfter(long)}.
   *
   * @param bytes how many more server-to-client bytes are forwarded
   */
  record TruncateAfter(long bytes) implements ConnectionFault {
    /** @throws IllegalArgumentException if {@code bytes} is negative */
    public TruncateAfter {
      if (bytes < 0) {
        throw new IllegalArgumentException("cannot truncate after a negative number of bytes: " + bytes);
      }
    }
  }
}
