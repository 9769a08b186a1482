package io.informer4j.kubernetes.coordination;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfig;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfigBuilder;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElector;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectorBuilder;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
import io.informer4j.coordination.LeaderElection;
import io.informer4j.coordination.LeaseTiming;
import io.informer4j.coordination.Leadership;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.time.Clock;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Leader election on one {@code coordination.k8s.io/v1} Lease through fabric8's
 * {@link LeaderElector} and {@link LeaseLock}. fabric8 acquires the Lease once it is free or expired,
 * renews it every retry period and gives up leading when it could not renew within the renew deadline;
 * {@link Leadership} additionally stops the gated workers at the renew deadline after the last
 * successful renewal even while a request hangs. When an election ends (leadership lost, or the
 * elector stopped on an error) this replica campaigns again one retry period later, until
 * {@link #close()}.
 *
 * <p>Thread-safe. fabric8's elector runs its requests on the I/O pool of the runtime given to
 * {@link #start}, the delays between campaigns on its timer (fabric8 also uses its shared scheduler
 * for the delays between renewals); the client is not closed.
 *
 * @param <K> the item type of the gated controller
 */
public final class KubernetesLeaderElection<K> implements LeaderElection<K> {

  private static final Logger log = LoggerFactory.getLogger(KubernetesLeaderElection.class);

  private final KubernetesClient client;
  private final String namespace;
  private final String leaseName;
  private final LeaseTiming timing;
  private final Clock clock;
  private final Leadership<K> leadership;
  private InformerRuntime runtime;
  private CompletableFuture<?> running;
  private boolean closed;

  /**
   * Creates the election of {@code identity} on Lease {@code leaseName} in {@code namespace}.
   *
   * @throws io.informer4j.coordination.CoordinationSettingsException if a name cannot name a Lease or
   *     the lease duration is not whole seconds
   */
  public KubernetesLeaderElection(KubernetesClient client, String namespace, String leaseName, String identity,
                                  LeaseTiming timing, Clock clock) {
    this.client = Objects.requireNonNull(client, "client");
    this.namespace = LeaseNames.requireName(namespace, "namespace");
    this.leaseName = LeaseNames.requireName(leaseName, "lease name");
    this.timing = LeaseNames.requireWholeSeconds(timing);
    this.clock = Objects.requireNonNull(clock, "clock");
    this.leadership = new Leadership<>(LeaseNames.requireName(identity, "identity"), clock);
  }

  @Override
  public Leadership<K> leadership() {
    return leadership;
  }

  /** Starts campaigning on {@code runtime}'s threads; returns at once. */
  @Override
  public synchronized void start(InformerRuntime runtime) {
    if (closed) {
      throw new IllegalStateException("the election of " + leadership.identity() + " on " + leaseName + " is closed");
    }
    if (this.runtime != null) {
      throw new IllegalStateException("the election of " + leadership.identity() + " on " + leaseName + " was started");
    }
    this.runtime = Objects.requireNonNull(runtime, "runtime");
    campaign();
  }

  private synchronized void campaign() {
    if (closed) {
      return;
    }
    LeaderElector elector = new LeaderElectorBuilder(client, runtime.io()).withConfig(config()).build();
    CompletableFuture<?> election = elector.start();
    running = election;
    election.whenComplete((ignored, error) -> {
      leadership.lost(error == null ? "election ended" : "election failed: " + error.getMessage());
      if (error != null) {
        log.warn("{}: the election on {} ended with an error; campaigning again after {}", leadership.identity(),
            leaseName, timing.retryPeriod(), error);
      }
      recampaign();
    });
  }

  private void recampaign() {
    try {
      runtime.scheduler().schedule(timing.retryPeriod(), () -> runtime.io().execute(this::campaign));
    } catch (java.util.concurrent.RejectedExecutionException stopped) {
      log.debug("{}: not campaigning again: the runtime stopped", leadership.identity());
    }
  }

  private LeaderElectionConfig config() {
    LeaseLock lease = new LeaseLock(namespace, leaseName, leadership.identity());
    return new LeaderElectionConfigBuilder()
        .withName(leaseName)
        .withLock(new RenewalTrackingLock(lease, leadership, clock, timing.renewDeadline()))
        .withLeaseDuration(timing.leaseDuration())
        .withRenewDeadline(timing.renewDeadline())
        .withRetryPeriod(timing.retryPeriod())
        .withReleaseOnCancel(true)
        .withLeaderCallbacks(new LeaderCallbacks(() -> { }, () -> leadership.lost("fabric8 stopped leading"),
            leadership::observedLeader))
        .build();
  }

  /** Stops campaigning; a leader stops leading and releases the Lease (best effort). Idempotent. */
  @Override
  public void close() {
    CompletableFuture<?> election;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      election = running;
    }
    leadership.lost("closed");
    if (election != null) {
      election.cancel(true);
    }
  }
}
