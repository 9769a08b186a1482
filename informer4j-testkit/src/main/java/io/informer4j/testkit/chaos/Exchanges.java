package io.informer4j.testkit.chaos;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The requests of one HTTP connection whose responses are not yet complete, in order. The
 * response side removes an exchange once its response is fully written, so an empty queue means
 * no response is under way and the proxy may answer the next request at once. Thread-safe.
 */
final class Exchanges {

  private final Deque<Exchange> pending = new ArrayDeque<>();

  /** Adds a forwarded request; call before its bytes go to the server. */
  synchronized void add(Exchange exchange) {
    pending.addLast(exchange);
  }

  /**
   * Sends the proxy's own answer now when no response is under way, else queues it behind them.
   *
   * @throws IOException if writing fails
   */
  synchronized void answer(Exchange exchange, Downlink downlink) throws IOException {
    if (pending.isEmpty()) {
      downlink.write(exchange.answer().encode());
    } else {
      pending.addLast(exchange);
    }
  }

  /** Returns the oldest exchange whose response is not complete, or null. */
  synchronized Exchange first() {
    return pending.peekFirst();
  }

  /** Removes the oldest exchange, once its response is complete. */
  synchronized void removeFirst() {
    pending.pollFirst();
  }

  /** Forgets every exchange when the connection ends: none of them was upgraded. */
  synchronized void abandon() {
    pending.forEach(exchange -> exchange.upgraded().complete(false));
    pending.clear();
  }
}
