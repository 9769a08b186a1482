package io.informer4j.kubernetes.coordination;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaderElectionRecord;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.Lock;
import io.informer4j.coordination.Leadership;
import io.informer4j.time.Clock;
import java.time.Duration;

/**
 * A fabric8 {@link Lock} that passes every call to a {@code LeaseLock} and tells the
 * {@link Leadership} of each successful write of a record naming this identity — valid until the
 * moment just before that write plus the renew deadline — and of each holder it reads. So the gate
 * closes at the renew deadline even while fabric8's elector is stuck in a hanging request.
 * Thread-safe as fabric8's locks are (the elector calls it from one thread at a time).
 */
final class RenewalTrackingLock implements Lock {

  private final Lock delegate;
  private final Leadership<?> leadership;
  private final Clock clock;
  private final long renewDeadlineNanos;

  RenewalTrackingLock(Lock delegate, Leadership<?> leadership, Clock clock, Duration renewDeadline) {
    this.delegate = delegate;
    this.leadership = leadership;
    this.clock = clock;
    this.renewDeadlineNanos = renewDeadline.toNanos();
  }

  @Override
  public LeaderElectionRecord get(KubernetesClient client) {
    LeaderElectionRecord record = delegate.get(client);
    if (record != null) {
      leadership.observedLeader(record.getHolderIdentity());
    }
    return record;
  }

  @Override
  public void create(KubernetesClient client, LeaderElectionRecord record) {
    long start = clock.nanoTime();
    delegate.create(client, record);
    written(record, start);
  }

  @Override
  public void update(KubernetesClient client, LeaderElectionRecord record) {
    long start = clock.nanoTime();
    delegate.update(client, record);
    written(record, start);
  }

  private void written(LeaderElectionRecord record, long start) {
    if (identity().equals(record.getHolderIdentity())) {
      leadership.renewed(start + renewDeadlineNanos);
    } else {
      leadership.lost("released the Lease");
    }
  }

  @Override
  public String identity() {
    return delegate.identity();
  }

  @Override
  public String describe() {
    return delegate.describe();
  }
}
