package io.informer4j.testkit.chaos;

import java.io.IOException;
import java.io.OutputStream;

/** The client-to-server direction: bytes pass the gate, then go to the server. One writer thread. */
final class Uplink implements Link {

  private final OutputStream server;
  private final ConnectionGate gate;

  Uplink(OutputStream server, ConnectionGate gate) {
    this.server = server;
    this.gate = gate;
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    gate.pass();
    server.write(bytes, offset, length);
    server.flush();
  }
}
