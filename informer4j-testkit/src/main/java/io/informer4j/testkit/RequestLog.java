package io.informer4j.testkit;

import java.util.ArrayList;
import java.util.List;

/** The list and watch requests an API received, in arrival order. Thread-safe. */
final class RequestLog {

  private final List<RecordedRequest> requests = new ArrayList<>();

  /** Appends a request. */
  synchronized void record(RecordedRequest request) {
    requests.add(request);
  }

  /** Returns a copy of the requests so far. */
  synchronized List<RecordedRequest> snapshot() {
    return List.copyOf(requests);
  }

  /** Forgets the requests so far. */
  synchronized void clear() {
    requests.clear();
  }
}
