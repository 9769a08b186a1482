package io.informer4j.etcd.testing;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.auth.Permission;
import io.informer4j.etcd.KeyLayout;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Turns on etcd's authentication through jetcd's Auth client, as an operator would with etcdctl:
 * users, a role that may read one key prefix, then {@code auth enable}. Every call blocks until etcd
 * answered (10 s at most).
 */
public final class EtcdAuth {

  private EtcdAuth() {
  }

  /** Adds a user that may read the keys of {@code layout} (and nothing else). */
  public static void addReader(Client admin, String user, String password, KeyLayout layout) {
    ByteSequence role = bytes(user + "-reader");
    byte[] start = layout.rangeStart(null);
    await(admin.getAuthClient().roleAdd(role));
    await(admin.getAuthClient().roleGrantPermission(role, ByteSequence.from(start),
        ByteSequence.from(KeyLayout.rangeEnd(start)), Permission.Type.READ));
    await(admin.getAuthClient().userAdd(bytes(user), bytes(password)));
    await(admin.getAuthClient().userGrantRole(bytes(user), role));
  }

  /** Creates the {@code root} user with {@code rootPassword} and enables authentication. */
  public static void enable(Client admin, String rootPassword) {
    await(admin.getAuthClient().userAdd(bytes("root"), bytes(rootPassword)));
    await(admin.getAuthClient().userGrantRole(bytes("root"), bytes("root")));
    await(admin.getAuthClient().authEnable());
  }

  private static ByteSequence bytes(String text) {
    return ByteSequence.from(text, StandardCharsets.UTF_8);
  }

  private static <R> R await(CompletableFuture<R> call) {
    try {
      return call.get(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while configuring etcd's authentication", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("configuring etcd's authentication failed: " + e, e);
    }
  }
}
