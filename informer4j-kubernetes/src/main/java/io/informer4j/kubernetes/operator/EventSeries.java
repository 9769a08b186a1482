package io.informer4j.kubernetes.operator;

import io.fabric8.kubernetes.api.model.MicroTime;
import io.fabric8.kubernetes.api.model.ObjectReference;
import io.fabric8.kubernetes.api.model.events.v1.Event;
import io.fabric8.kubernetes.api.model.events.v1.EventBuilder;
import io.fabric8.kubernetes.api.model.events.v1.EventSeriesBuilder;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The events of one regarding object with one reason and type that an {@link EventRecorder} folds
 * into one {@code events.k8s.io/v1} Event: the first occurrence, how many there were, the last one,
 * and the Event as last written. Used by one drain at a time; not thread-safe.
 */
final class EventSeries {

  private static final DateTimeFormatter MICRO_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(ZoneOffset.UTC);

  /** What makes events the same series. */
  record Key(String regardingUid, String regardingKind, String regardingNamespace, String regardingName,
             EventType type, String reason) {
  }

  private final String name;
  private final String namespace;
  private final ObjectReference regarding;
  private final EventType type;
  private final String reason;
  private final String action;
  private final String note;
  private final Instant first;
  private Instant last;
  private int count = 1;
  private Event written;

  EventSeries(String name, String namespace, ObjectReference regarding, EventType type, String reason, String action,
              String note, Instant first) {
    this.name = name;
    this.namespace = namespace;
    this.regarding = regarding;
    this.type = type;
    this.reason = reason;
    this.action = action;
    this.note = note;
    this.first = first;
    this.last = first;
  }

  /** Returns true when an event at {@code at} still belongs to this series. */
  boolean accepts(Instant at, java.time.Duration window) {
    return !at.isAfter(last.plus(window));
  }

  /** Counts one more occurrence at {@code at}. */
  void observe(Instant at) {
    count++;
    if (at.isAfter(last)) {
      last = at;
    }
  }

  int count() {
    return count;
  }

  /** Returns the Event as last written, null before the first write (or after it was lost). */
  Event written() {
    return written;
  }

  void written(Event event) {
    this.written = event;
  }

  /** Returns the Event to write: the series' state, over the last written version when there is one. */
  Event toEvent(String reportingController, String reportingInstance) {
    EventBuilder event = written == null ? new EventBuilder().withNewMetadata().withName(name).withNamespace(namespace)
        .endMetadata() : new EventBuilder(written);
    event.withEventTime(new MicroTime(MICRO_TIME.format(first))).withRegarding(regarding).withType(type.value())
        .withReason(reason).withAction(action).withNote(note).withReportingController(reportingController)
        .withReportingInstance(reportingInstance);
    if (count > 1) {
      event.withSeries(new EventSeriesBuilder().withCount(count).withLastObservedTime(new MicroTime(MICRO_TIME.format(last)))
          .build());
    }
    return event.build();
  }
}
