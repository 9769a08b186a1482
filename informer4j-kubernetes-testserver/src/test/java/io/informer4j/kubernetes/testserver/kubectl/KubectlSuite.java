package io.informer4j.kubernetes.testserver.kubectl;

import io.informer4j.kubernetes.testserver.Kubeconfig;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** A kubectl of its own for each test, on the kubeconfig of the test class's server. */
abstract class KubectlSuite {

  @Kubeconfig
  Path kubeconfig;
  Kubectl kubectl;

  @BeforeEach
  void kubectl() {
    kubectl = new Kubectl(kubeconfig);
  }

  @AfterEach
  void closeKubectl() {
    kubectl.close();
  }
}
