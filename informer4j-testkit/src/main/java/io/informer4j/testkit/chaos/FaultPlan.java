package io.informer4j.testkit.chaos;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * The faults {@link FaultProxy} has been told to apply to what comes next: faults of new
 * connections, and HTTP rules (answer a request, truncate a response, fault a watch event), each
 * good for a number of matches. The first rule that matches and has matches left applies. Cleared
 * by {@link #clear()}. Thread-safe.
 */
final class FaultPlan {

  private final List<Rule<ConnectionFault>> newConnections = new CopyOnWriteArrayList<>();
  private final List<Rule<CannedResponse>> answers = new CopyOnWriteArrayList<>();
  private final List<Rule<ResponseCut>> cuts = new CopyOnWriteArrayList<>();
  private final List<EventRule> events = new CopyOnWriteArrayList<>();

  /**
   * Where a response body ends early.
   *
   * @param afterBytes how many body bytes are forwarded first
   * @param how        how the body then ends
   */
  record ResponseCut(long afterBytes, Truncation how) {
  }

  void addNewConnectionFault(ConnectionFault fault, int times) {
    newConnections.add(new Rule<>(connection -> true, fault, times));
  }

  /** Takes one match of every new-connection fault that has matches left; returns them in order. */
  List<ConnectionFault> takeNewConnectionFaults() {
    List<ConnectionFault> faults = new ArrayList<>();
    for (Rule<ConnectionFault> rule : newConnections) {
      if (takeOne(rule.remaining())) {
        faults.add(rule.value());
        if (rule.remaining().get() == 0) {
          newConnections.remove(rule);
        }
      }
    }
    return faults;
  }

  void addAnswer(Predicate<ProxiedRequest> which, CannedResponse response, int times) {
    answers.add(new Rule<>(which, response, times));
  }

  void addCut(Predicate<ProxiedRequest> which, ResponseCut cut, int times) {
    cuts.add(new Rule<>(which, cut, times));
  }

  void addEventFault(EventFault fault, Set<String> types, int times) {
    events.add(new EventRule(fault, Set.copyOf(types), new AtomicInteger(times)));
  }

  /** Takes one match of the first answer rule that matches {@code request}; null when none does. */
  CannedResponse answerFor(ProxiedRequest request) {
    return take(answers, request);
  }

  /** Takes one match of the first truncation rule that matches {@code request}; null when none does. */
  ResponseCut cutFor(ProxiedRequest request) {
    return take(cuts, request);
  }

  /** Returns true when event rules are waiting (so watch events need to be read). */
  boolean hasEventFaults() {
    return !events.isEmpty();
  }

  /**
   * Takes one match of the first event rule for an event of {@code type} (null when unknown) and
   * returns its fault; null when none applies. {@link EventFault#CORRUPT_OBJECT} applies only when
   * {@code hasObject}.
   */
  EventFault eventFaultFor(String type, boolean hasObject) {
    for (EventRule rule : events) {
      boolean typeMatches = rule.types().isEmpty() || type != null && rule.types().contains(type);
      boolean applicable = rule.fault() != EventFault.CORRUPT_OBJECT || hasObject;
      if (typeMatches && applicable && takeOne(rule.remaining())) {
        if (rule.remaining().get() == 0) {
          events.remove(rule);
        }
        return rule.fault();
      }
    }
    return null;
  }

  /** Forgets every rule and new-connection fault. */
  void clear() {
    newConnections.clear();
    answers.clear();
    cuts.clear();
    events.clear();
  }

  private static <V> V take(List<Rule<V>> rules, ProxiedRequest request) {
    for (Rule<V> rule : rules) {
      if (rule.which().test(request) && takeOne(rule.remaining())) {
        if (rule.remaining().get() == 0) {
          rules.remove(rule);
        }
        return rule.value();
      }
    }
    return null;
  }

  private static boolean takeOne(AtomicInteger remaining) {
    while (true) {
      int left = remaining.get();
      if (left <= 0) {
        return false;
      }
      if (left == FaultProxy.UNTIL_HEALED || remaining.compareAndSet(left, left - 1)) {
        return true;
      }
    }
  }

  private record Rule<V>(Predicate<ProxiedRequest> which, V value, AtomicInteger remaining) {
    Rule(Predicate<ProxiedRequest> which, V value, int times) {
      this(which, value, new AtomicInteger(times));
    }
  }

  private record EventRule(EventFault fault, Set<String> types, AtomicInteger remaining) {
  }
}
