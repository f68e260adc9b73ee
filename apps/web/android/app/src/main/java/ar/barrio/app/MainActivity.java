package ar.barrio.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
