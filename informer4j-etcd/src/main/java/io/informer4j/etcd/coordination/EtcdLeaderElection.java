package io.informer4j.etcd.coordination;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.Election;
import io.etcd.jetcd.election.CampaignResponse;
import io.etcd.jetcd.election.LeaderKey;
import io.etcd.jetcd.election.LeaderResponse;
import io.informer4j.coordination.LeaderElection;
import io.informer4j.coordination.Leadership;
import io.informer4j.coordination.LeaseTiming;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.time.Clock;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Leader election on etcd through jetcd's election API: the replica campaigns for election
 * {@code name} with its session lease ({@link EtcdSession}); etcd makes it leader once every earlier
 * candidate's key is gone, and its leader key lives as long as the session lease. Each confirmed
 * keep-alive extends the {@link Leadership} to the start of that keep-alive plus the renew deadline;
 * a leader cut off from etcd stops its gated workers at that deadline, while etcd deletes its key
 * only at the TTL — after which the next candidate is elected. A campaign that fails (for example
 * because the session lease expired) is retried one retry period later with the current lease.
 *
 * <p>Thread-safe. Keep-alives and campaigns run on the runtime given to {@link #start}; the client is
 * not closed.
 *
 * @param <K> the item type of the gated controller
 */
public final class EtcdLeaderElection<K> implements LeaderElection<K> {

  private static final Logger log = LoggerFactory.getLogger(EtcdLeaderElection.class);

  private final Election election;
  private final ByteSequence name;
  private final ByteSequence proposal;
  private final LeaseTiming timing;
  private final Leadership<K> leadership;
  private final EtcdSession session;
  private InformerRuntime runtime;
  private LeaderKey leaderKey;
  private CompletableFuture<CampaignResponse> campaign;
  private boolean closed;

  /**
   * Creates the election of {@code identity} for election {@code name} (an etcd key prefix such as
   * {@code /informer4j/elections/singleton}).
   *
   * @throws io.informer4j.coordination.CoordinationSettingsException if the name or identity is blank
   *     or contains a space
   */
  public EtcdLeaderElection(Client client, String name, String identity, LeaseTiming timing, Clock clock) {
    Objects.requireNonNull(client, "client");
    this.election = client.getElectionClient();
    this.name = ByteSequence.from(EtcdShardLeases.requireText(name, "election name"), StandardCharsets.UTF_8);
    this.proposal = ByteSequence.from(EtcdShardLeases.requireText(identity, "identity"), StandardCharsets.UTF_8);
    this.timing = Objects.requireNonNull(timing, "timing");
    this.leadership = new Leadership<>(identity, clock);
    this.session = new EtcdSession(client, identity, timing, clock);
  }

  @Override
  public Leadership<K> leadership() {
    return leadership;
  }

  /**
   * Grants the session lease (blocking), starts observing the leader and campaigning, with the
   * keep-alives and campaigns on {@code runtime}'s threads.
   */
  @Override
  public void start(InformerRuntime runtime) {
    synchronized (this) {
      if (closed || this.runtime != null) {
        throw new IllegalStateException("the election of " + leadership.identity() + " was "
            + (closed ? "closed" : "started"));
      }
      this.runtime = Objects.requireNonNull(runtime, "runtime");
    }
    session.onRenewed(validFrom -> {
      synchronized (this) {
        if (leaderKey != null && leaderKey.getLease() == session.leaseId()) {
          leadership.renewed(validFrom + timing.renewDeadline().toNanos());
        } else if (leaderKey != null) {
          leaderKey = null;
          leadership.lost("the session lease expired");
          scheduleCampaign();
        }
      }
    });
    session.start(runtime);
    election.observe(name, new Election.Listener() {
      @Override
      public void onNext(LeaderResponse response) {
        leadership.observedLeader(response.getKv().getValue().toString(StandardCharsets.UTF_8));
      }

      @Override
      public void onError(Throwable error) {
        log.debug("{}: observing the leader ended: {}", leadership.identity(), error.toString());
      }

      @Override
      public void onCompleted() {
      }
    });
    runtime.io().execute(this::campaign);
  }

  private synchronized void campaign() {
    if (closed) {
      return;
    }
    long lease = session.leaseId();
    long validFrom = session.validFrom();
    campaign = election.campaign(name, lease, proposal);
    campaign.whenComplete((response, error) -> {
      synchronized (this) {
        if (closed) {
          return;
        }
        if (error != null) {
          log.warn("{}: campaign failed: {}; retrying", leadership.identity(), error.toString());
          scheduleCampaign();
          return;
        }
        if (response.getLeader().getLease() != session.leaseId()) {
          log.warn("{}: elected with an expired session lease; campaigning again", leadership.identity());
          scheduleCampaign();
          return;
        }
        leaderKey = response.getLeader();
        leadership.renewed(Math.max(validFrom, session.validFrom()) + timing.renewDeadline().toNanos());
      }
    });
  }

  /** Must hold this lock. Campaigns again one retry period from now. */
  private void scheduleCampaign() {
    try {
      runtime.scheduler().schedule(timing.retryPeriod(), () -> runtime.io().execute(this::campaign));
    } catch (java.util.concurrent.RejectedExecutionException stopped) {
      log.debug("{}: not campaigning again: the runtime stopped", leadership.identity());
    }
  }

  /** Stops leading, resigns (best effort) and revokes the session lease. Idempotent. */
  @Override
  public void close() {
    LeaderKey key;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      key = leaderKey;
      if (campaign != null) {
        campaign.cancel(true);
      }
    }
    leadership.lost("closed");
    if (key != null) {
      try {
        EtcdCalls.await("resign", election.resign(key), timing.renewDeadline());
      } catch (RuntimeException e) {
        log.warn("{}: could not resign: {}", leadership.identity(), e.getMessage());
      }
    }
    session.close();
  }
}
