package io.informer4j.josdk;

import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import java.util.Map;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.api.reconciler.Workflow;
import io.javaoperatorsdk.operator.api.reconciler.dependent.Dependent;
import io.javaoperatorsdk.operator.processing.dependent.kubernetes.CRUDKubernetesDependentResource;

/**
 * An operator as the Java Operator SDK's documentation writes one, with its default settings: each
 * {@link Page} gets a Deployment of a web server given its HTML (a dependent resource, matched and
 * written with server-side apply, owned by the page; the SDK writes ConfigMaps and Secrets without
 * server-side apply by default), and its status says which generation is served (patched with
 * server-side apply through {@code /status}).
 */
@ControllerConfiguration
@Workflow(dependents = @Dependent(type = PageReconciler.PageDeployment.class))
public class PageReconciler implements Reconciler<Page> {

  @Override
  public UpdateControl<Page> reconcile(Page page, Context<Page> context) {
    Page status = new Page();
    status.setMetadata(new ObjectMetaBuilder().withName(page.getMetadata().getName())
        .withNamespace(page.getMetadata().getNamespace()).build());
    status.setSpec(null);
    status.setStatus(new Page.Status());
    status.getStatus().setObservedGeneration(page.getMetadata().getGeneration());
    status.getStatus().setMessage("served by Deployment " + page.getMetadata().getName());
    return UpdateControl.patchStatus(status);
  }

  /** The page's web server: a Deployment whose container gets the HTML in {@code PAGE}. */
  public static class PageDeployment extends CRUDKubernetesDependentResource<Deployment, Page> {

    @Override
    protected Deployment desired(Page page, Context<Page> context) {
      Map<String, String> labels = Map.of("page", page.getMetadata().getName());
      return new DeploymentBuilder().withNewMetadata().withName(page.getMetadata().getName())
          .withNamespace(page.getMetadata().getNamespace()).endMetadata()
          .withNewSpec().withReplicas(1).withNewSelector().withMatchLabels(labels).endSelector()
          .withNewTemplate().withNewMetadata().withLabels(labels).endMetadata().withNewSpec()
          .addNewContainer().withName("web").withImage("nginx:1.27-alpine")
          .addNewEnv().withName("PAGE").withValue(page.getSpec().getHtml()).endEnv().endContainer()
          .endSpec().endTemplate().endSpec().build();
    }
  }
}
