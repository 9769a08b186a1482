package io.informer4j.coordination;

import io.informer4j.controller.ReconcileGate;
import io.informer4j.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether this replica leads one election, maintained by a backend ({@link LeaderElection}) and used
 * as a controller's {@link ReconcileGate}: workers wait while this replica does not lead, and an item
 * taken just as leadership ended is put back on the queue, not reconciled.
 *
 * <p>Leading is valid until the start of the last successful renewal plus the renew deadline; it is
 * checked against the clock on every decision, so a leader cut off from the backend stops handing out
 * work at its renew deadline even before the backend notices — which is before any other replica can
 * take over (at the lease duration). Informers keep running meanwhile, so caches stay warm.
 *
 * <p>Thread-safe. {@link #awaitOpen()} blocks; nothing else does.
 *
 * @param <K> the item type of the gated controller
 */
public final class Leadership<K> implements ReconcileGate<K> {

  private static final Logger log = LoggerFactory.getLogger(Leadership.class);

  private final String identity;
  private final Clock clock;
  private final List<LeadershipListener> listeners = new CopyOnWriteArrayList<>();
  private final TransitionLog transitions = new TransitionLog();
  private boolean leading;
  private long validUntil;
  private String leader = "";

  /** Creates the leadership of {@code identity}, not leading. */
  public Leadership(String identity, Clock clock) {
    this.identity = Objects.requireNonNull(identity, "identity");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** Adds a listener. */
  public void addListener(LeadershipListener listener) {
    listeners.add(Objects.requireNonNull(listener, "listener"));
  }

  /** Returns this replica's identity. */
  public String identity() {
    return identity;
  }

  /** Returns true while this replica leads and its leadership is within its validity. */
  public boolean isLeading() {
    boolean lapsed;
    synchronized (this) {
      lapsed = leading && clock.nanoTime() - validUntil >= 0;
      if (!lapsed) {
        return leading;
      }
      leading = false;
    }
    log.warn("{}: leadership lapsed: not renewed within the renew deadline", identity);
    stopped("lapsed");
    return false;
  }

  /** Returns the last observed leader's identity, empty if none. */
  public synchronized String leader() {
    return leader;
  }

  /** Returns the recorded transitions. */
  TransitionLog transitions() {
    return transitions;
  }

  /**
   * Backend: this replica acquired or renewed the lease; it leads until {@code validUntilNanos}.
   */
  public void renewed(long validUntilNanos) {
    boolean gained;
    synchronized (this) {
      gained = !leading || clock.nanoTime() - validUntil >= 0;
      leading = true;
      validUntil = validUntilNanos;
      notifyAll();
    }
    observedLeader(identity);
    if (gained) {
      log.info("{}: started leading", identity);
      transitions.add(clock.instant(), "started leading");
      listeners.forEach(l -> call(l::startedLeading));
    }
  }

  /** Backend: this replica lost or released the lease. */
  public void lost(String why) {
    synchronized (this) {
      if (!leading) {
        return;
      }
      leading = false;
    }
    stopped(why);
  }

  /** Backend: the election's current leader is {@code identity} (empty or null: none). */
  public void observedLeader(String identity) {
    String now = identity == null ? "" : identity;
    synchronized (this) {
      if (now.equals(leader)) {
        return;
      }
      leader = now;
    }
    listeners.forEach(l -> call(() -> l.newLeader(now)));
  }

  private void stopped(String why) {
    log.warn("{}: stopped leading ({})", identity, why);
    transitions.add(clock.instant(), "stopped leading (" + why + ")");
    listeners.forEach(l -> call(l::stoppedLeading));
  }

  private void call(Runnable callback) {
    try {
      callback.run();
    } catch (RuntimeException e) {
      log.warn("{}: a leadership listener threw", identity, e);
    }
  }

  /** Blocks until this replica leads. */
  @Override
  public void awaitOpen() throws InterruptedException {
    while (!isLeading()) {
      synchronized (this) {
        if (!leading) {
          wait();
        }
      }
    }
  }

  @Override
  public Admission enter(K item) {
    return isLeading() ? Admission.RUN : Admission.DEFER;
  }

  @Override
  public void exit(K item) {
  }

  /** Returns the status for {@code /katalog}: identity, role, leader, transitions. */
  public Map<String, Object> status() {
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("identity", identity);
    status.put("role", isLeading() ? "leader" : "follower");
    status.put("leader", leader());
    status.put("transitionsTotal", transitions.total());
    status.put("transitions", transitions.toMaps());
    return status;
  }
}
